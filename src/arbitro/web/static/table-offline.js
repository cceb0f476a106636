// A table's phone never loses a number (issue 28): every number typed is kept on the phone
// (localStorage) from the first digit; a sheet sent while the network is down is queued and
// sent again, with the idempotency key its form already carries (so it is recorded once),
// when the network returns or the page is opened again. With HTTPS (or on localhost) the
// service worker /sw.js also reopens the page itself without a network.
(function () {
  "use strict";
  var form = document.querySelector("form[data-offline-key]");
  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js", { scope: "/t/" }).catch(function () {});
  }
  if (!form) return;

  var key = "arbitro:sheet:" + form.getAttribute("data-offline-key");
  var queueKey = key + ":queued";
  var note = document.getElementById("offline-note");
  var sendButton = form.querySelector("button[type=submit]");
  var sending = false;
  var retryTimer = null;

  function read(name) {
    try {
      var text = window.localStorage.getItem(name);
      return text ? JSON.parse(text) : null;
    } catch (e) {
      return null;
    }
  }
  function write(name, value) {
    try {
      if (value === null) window.localStorage.removeItem(name);
      else window.localStorage.setItem(name, JSON.stringify(value));
    } catch (e) {
      /* a full or private storage: the page still works online */
    }
  }
  function say(which) {
    if (!note) return;
    var text = which ? note.getAttribute("data-" + which) : "";
    note.textContent = text || "";
    note.hidden = !text;
    note.className = "offline-note" + (which ? " offline-" + which : "");
    if (text && note.scrollIntoView) note.scrollIntoView({ block: "nearest" });
  }
  function typedFields() {
    return Array.prototype.filter.call(form.elements, function (el) {
      return el.tagName === "INPUT" && el.type === "number" && el.name;
    });
  }
  function saveTyped() {
    var values = {};
    typedFields().forEach(function (el) {
      if (el.value !== "") values[el.name] = el.value;
    });
    write(key, values);
  }
  function restoreTyped() {
    var saved = read(key);
    if (!saved) return false;
    // What this phone typed wins over what the page starts from (the other line's numbers,
    // or a form shown again with its errors, which holds the same numbers).
    var fields = typedFields();
    var restored = false;
    fields.forEach(function (el) {
      if (Object.prototype.hasOwnProperty.call(saved, el.name) && el.value !== saved[el.name]) {
        el.value = saved[el.name];
        restored = true;
      }
    });
    if (restored) fields[0].dispatchEvent(new Event("input", { bubbles: true }));
    return restored;
  }
  function forget() {
    write(key, null);
    write(queueKey, null);
  }
  function retryLater(seconds) {
    if (retryTimer) window.clearTimeout(retryTimer);
    retryTimer = window.setTimeout(send, seconds * 1000);
  }
  function busy(on) {
    sending = on;
    if (sendButton) sendButton.disabled = on;
  }

  function send() {
    var queued = read(queueKey);
    if (!queued || sending) return;
    if (retryTimer) { window.clearTimeout(retryTimer); retryTimer = null; }
    busy(true);
    say("sending");
    window.fetch(queued.action, {
      method: "POST",
      body: queued.body,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      credentials: "same-origin",
      redirect: "follow"
    }).then(function (response) {
      var wait = parseInt(response.headers.get("Retry-After") || "", 10);
      if (response.status === 409 && wait > 0) {
        busy(false);  // the same key still being recorded (a restart): ask again shortly
        say("queued");
        retryLater(wait);
        return null;
      }
      if (response.status >= 500 || response.status === 429) {
        busy(false);
        say("queued");
        retryLater(response.status === 429 ? 30 : 5);
        return null;
      }
      return response.text().then(function (html) {
        if (response.ok) forget();  // recorded (or answered as the first send was)
        else write(queueKey, null);  // refused: the numbers stay, shown with the reason
        if (response.ok && response.redirected) {
          window.location.replace(response.url);
          return;
        }
        document.open();
        document.write(html);
        document.close();
      });
    }).catch(function () {
      busy(false);
      say("queued");
      retryLater(10);
    });
  }

  form.addEventListener("input", saveTyped);
  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    if (sending) return;  // a double tap sends once
    var data = new FormData(form);
    if (ev.submitter && ev.submitter.name) data.append(ev.submitter.name, ev.submitter.value);
    var body = new URLSearchParams();
    data.forEach(function (value, name) { body.append(name, String(value)); });
    if (typedFields().length) saveTyped();
    write(queueKey, { action: form.action, body: body.toString() });
    send();
  });
  window.addEventListener("online", function () { say(""); send(); });
  window.addEventListener("offline", function () {
    if (!read(queueKey)) say("offline");
  });

  restoreTyped();
  if (read(queueKey)) {
    say("queued");
    send();
  } else if (!navigator.onLine) {
    say("offline");
  }
})();
