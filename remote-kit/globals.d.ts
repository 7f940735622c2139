// Values the preset's DefinePlugin writes into a remote's build.
declare const __PORTAL_CONTRACT_VERSION__: string;
declare module '*.css';
