// Seedfeast's service worker (issue #30): a second visit, and a level link opened offline, start
// from the cache. scripts/web.sh stamps the build's hash and file list below, so each release has
// a cache of its own, filled whole before it is used. It never skips waiting by itself: a page
// keeps the release it loaded until every tab of it is closed, or until the player takes the new
// one from the page's offer (web/index.html), which then reloads: an old module never meets new
// glue.
const BUILD = "__SEEDFEAST_BUILD__";
const FILES = __SEEDFEAST_FILES__;
const CACHE = `seedfeast-${BUILD}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(FILES.map((file) => new Request(file, { cache: "reload" })))),
  );
});

// The page's offer, tapped: this release takes over (the page reloads into it).
self.addEventListener("message", (event) => {
  if (event.data === "take-release") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  // Only once no page uses the old release: its cache goes whole.
  event.waitUntil(
    caches.keys().then((keys) =>
      Promise.all(keys.filter((key) => key.startsWith("seedfeast-") && key !== CACHE).map((key) => caches.delete(key))),
    ),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      // A level link is the page with a query (?seed=…&mode=…): the page is the same file.
      const hit = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
      return hit || fetch(request);
    }),
  );
});
