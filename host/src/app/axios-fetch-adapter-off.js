// Stands in for axios's fetch adapter (lib/adapters/fetch.js) in the host's browser build: the one
// client sends with XHR, axios's first choice in a browser and the one with upload progress, so the
// fetch adapter (about 4 KB gzip with its stream helpers) would only weigh on the first paint of
// /login. `getFetch` answering false is how axios marks an adapter as unavailable. Plain JavaScript:
// it takes the place of a node_modules file, which the build does not compile.
export const getFetch = () => false;
export default false;
