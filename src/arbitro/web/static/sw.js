// The table pages' service worker (registered by static/table-offline.js, scope /t/): a
// phone that loses the network reopens its table's page and the files it needs from this
// phone's cache; the numbers typed come back from the phone's storage (table-offline.js).
// Only GETs are answered from the cache: a sheet is never sent from here.
"use strict";
var CACHE = "arbitro-table-v1";
// The pages ask for these with their version (/static/table.css?v=<hash>, kept a year by
// the browser): they are cached here by path, the version ignored, so that a page cached
// before a new release still finds its files without a network.
var FILES = [
  "/static/arbitro.css",
  "/static/table.css",
  "/static/boards.css",
  "/static/htmx.min.js",
  "/static/table-offline.js",
  "/static/table-push.js"
];

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE).then(function (cache) { return cache.addAll(FILES); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (n) { return n !== CACHE; })
        .map(function (n) { return caches.delete(n); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function isTablePage(url) {
  return /^\/t\/[^/]+$/.test(url.pathname);
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (isTablePage(url)) {
    // The network first (the page is live); its copy kept for a phone without network.
    event.respondWith(
      fetch(request).then(function (response) {
        if (response.ok) {
          var copy = response.clone();
          caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
        }
        return response;
      }).catch(function () {
        return caches.open(CACHE).then(function (cache) {
          return cache.match(request).then(function (hit) {
            return hit || cache.match(request, { ignoreSearch: true });
          });
        }).then(function (hit) { return hit || Response.error(); });
      })
    );
  } else if (FILES.indexOf(url.pathname) >= 0) {
    event.respondWith(
      fetch(request).then(function (response) {
        if (response.ok) {
          var copy = response.clone();
          caches.open(CACHE).then(function (cache) { cache.put(url.pathname, copy); });
        }
        return response;
      }).catch(function () {
        return caches.match(url.pathname).then(function (hit) { return hit || Response.error(); });
      })
    );
  }
});
