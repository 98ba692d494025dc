// Which back end answers the page's API calls: 'server' (`nonet serve`, which
// serves this file as it is) or 'engine' (the engine in this browser, on the
// static site, whose build writes this file anew: scripts/build-site.sh).
export const BACKEND = 'server';
