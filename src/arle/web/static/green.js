// Live updates of a green game page: the server pushes after each change; the page then
// fetches its own (seat-redacted) fragment.
(function () {
  "use strict";
  var body = document.body;
  var gid = body.getAttribute("data-green-game");
  if (!gid) { return; }
  var seat = body.getAttribute("data-seat");
  var q = seat !== null ? "?seat=" + encodeURIComponent(seat) : "";
  var box = document.getElementById("green-view");
  function current() {
    var v = box.querySelector(".green-view");
    return v ? parseInt(v.getAttribute("data-version"), 10) : -1;
  }
  function refresh() {
    fetch("/green/games/" + gid + "/view" + q, {credentials: "same-origin"})
      .then(function (r) { return r.text(); })
      .then(function (html) { box.innerHTML = html; });
  }
  function connect() {
    var proto = location.protocol === "https:" ? "wss:" : "ws:";
    var ws = new WebSocket(proto + "//" + location.host + "/green/ws/" + gid + q);
    ws.onmessage = function (ev) {
      var msg = JSON.parse(ev.data);
      if (msg.type === "view" && msg.version !== current()) { refresh(); }
    };
    ws.onclose = function () { setTimeout(connect, 2000); };
  }
  connect();
})();
