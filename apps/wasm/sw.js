// The page's service worker, for the static site (scripts/build-site.sh fills
// in the version and the file list) and for the page `nonet serve` serves
// (apps/server/embed_assets.cmake does): on the first visit it keeps every
// file of the page, on the static site the engine among them, so later visits
// open with no network at all. A new build has a new version; it takes over
// once no page of the old one is open, so a page never mixes files of two
// builds. Calls to the server's API (/api/) are never kept: they go to the
// network as they are.

const VERSION = '@VERSION@';
const FILES = [
@FILES@
];
const PREFIX = 'nonet-site-';
const CACHE = PREFIX + VERSION;
const SCOPE = new URL('./', self.location).href;

self.addEventListener('install', (event) => {
  // Fetched past the HTTP cache, so the kept files are this build's.
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: 'reload' })))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    // The page of the first visit is served from here from now on too.
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(SCOPE)) return;
  const url = new URL(request.url);
  if (url.pathname.startsWith(new URL('api/', SCOPE).pathname)) return;
  // The page itself, whatever its query (?s=<puzzle> links): the kept page.
  const page = request.mode === 'navigate' && (url.pathname === new URL(SCOPE).pathname || url.pathname.endsWith('/index.html'));
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(page ? SCOPE : request, { ignoreSearch: page });
    return kept || fetch(request);
  })());
});
