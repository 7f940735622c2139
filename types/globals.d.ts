// Values that rspack's DefinePlugin writes into every build (rspack.config.base.ts).
declare const __PORTAL_CONTRACT_VERSION__: string;
declare module '*.css';
