// The desk's destructive actions ask first: a form with data-confirm="question" is sent only
// if the director confirms it (issue 12 §6: nothing irreversible by accident).
document.addEventListener("submit", function (ev) {
  var f = ev.target, q = f.getAttribute && f.getAttribute("data-confirm");
  if (q && !window.confirm(q)) ev.preventDefault();
});
