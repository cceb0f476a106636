// The table page's status pushed by the server (issue 28): /t/{token}/events sends the
// status fragment each time the sheet's status changes (FIBAS art. 20: the other line's
// numbers, agreed or different), or asks for the page again. The fragment it sends has no
// polling; without EventSource, or when the stream is refused, the htmx polling of the
// fragment (data-poll) is put back, as the page had it.
(function () {
  "use strict";
  var first = document.getElementById("status");
  if (!first || !first.dataset.events || !window.EventSource) return;
  var source = new EventSource(first.dataset.events);

  function poll() {
    var el = document.getElementById("status");
    if (!el || !el.dataset.poll || !window.htmx) return;
    el.setAttribute("hx-get", el.dataset.poll);
    el.setAttribute("hx-trigger", "every 3s");
    el.setAttribute("hx-swap", "outerHTML");
    el.removeAttribute("data-poll");
    window.htmx.process(el);
  }

  source.addEventListener("status", function (event) {
    var el = document.getElementById("status");
    var made = document.createElement("template");
    made.innerHTML = event.data.trim();
    var fresh = made.content.firstElementChild;
    if (!el || !fresh) return;
    el.replaceWith(fresh);
    if (window.htmx) window.htmx.process(fresh);
    if (!fresh.dataset.events) source.close();  // confirmed (art. 20): nothing more to wait for
  });
  source.addEventListener("reload", function () {
    source.close();
    window.location.reload();
  });
  // The line sends its sheet: what the stream says next is about this very send, and a
  // reload then would cut the page's own answer (the numbers sent, "sent=1").
  document.addEventListener("submit", function () { source.close(); }, true);
  source.onerror = function () {
    // CONNECTING: the browser tries again by itself (a phone out of reach for a moment);
    // CLOSED: no stream to be had here (refused, an old server): the page polls again.
    if (source.readyState === EventSource.CLOSED) poll();
  };
})();
