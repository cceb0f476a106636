// A page that moves on by itself: the hall display to its next page (<link rel="next">),
// a phone waiting for the seating or a failed display asking again (the same page), after
// the script's data-seconds. A key pressed, a touch or a wheel on the page holds it ten
// times longer (WCAG 2.2.1, timing adjustable: issue 28); without scripts the page's
// <noscript> meta refresh does the same without the hold.
(function () {
  "use strict";
  var seconds = Number(document.currentScript.dataset.seconds) || 10;
  var timer = null;
  function go() {
    var next = document.querySelector('link[rel="next"]');
    if (next) {
      window.location.replace(next.href);
    } else {
      window.location.reload();
    }
  }
  function wait(s) {
    clearTimeout(timer);
    timer = setTimeout(go, s * 1000);
  }
  wait(seconds);
  ["keydown", "pointerdown", "wheel"].forEach(function (kind) {
    document.addEventListener(kind, function () { wait(seconds * 10); }, { passive: true });
  });
})();
