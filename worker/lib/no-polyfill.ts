// What the Worker's build puts in place of core-js 2 polyfill modules (wrangler.toml [alias],
// decision 127): a network's text counter library imports them for old browsers, and workerd already has every
// feature they add, so they are left out of the Worker instead of shipped and run at start-up.
export {};
