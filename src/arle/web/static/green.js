// The second game's page: moves posted with fetch to the JSON API, the seat's own
// (redacted) fragment swapped in place when the WebSocket says the version or the
// seats' presence changed, and the draw picker.  Every form also works without it.
(function () {
  "use strict";
  var body = document.body;
  var gid = body.getAttribute("data-green-game");
  if (!gid) { return; }
  // the seat asked for in the address, if any; otherwise the server shows the held
  // seat to move (several seats in one browser take turns on one page)
  var seat = new URLSearchParams(location.search).get("seat");
  var q = seat !== null ? "?seat=" + encodeURIComponent(seat) : "";
  var box = document.getElementById("green-view");
  var flashBox = document.getElementById("flash");
  var PILES = ["Fields", "Livestock", "Construction", "Buildings"];
  var busy = false;
  var socket = null;
  var retry = 500;
  var baseTitle = document.title;

  function viewEl() { return box.querySelector(".green-view"); }
  function current() {
    var v = viewEl();
    return v ? parseInt(v.getAttribute("data-version"), 10) : -1;
  }
  function presence() {
    var v = viewEl();
    return v ? v.getAttribute("data-presence") : "";
  }
  function flash(message, kind) {
    if (!flashBox) { return; }
    var p = document.createElement("p");
    p.className = "flash " + (kind || "error");
    p.textContent = message;
    flashBox.replaceChildren(p);
    clearTimeout(flash.timer);
    flash.timer = setTimeout(function () { p.remove(); }, kind === "info" ? 2500 : 8000);
  }
  function setLive(text, ok) {
    var el = document.getElementById("g-live");
    if (el) { el.textContent = text; el.classList.toggle("ok", !!ok); }
  }

  // ---------------------------------------------------------------- the view
  function setView(html) {
    var words = box.querySelector("details.words");
    var wasOpen = words ? words.open : false;
    var oldKind = viewEl() ? viewEl().getAttribute("data-kind") : null;
    box.innerHTML = html;
    var v = viewEl();
    var now = box.querySelector("details.words");
    if (now && wasOpen && v && v.getAttribute("data-kind") === oldKind) { now.open = true; }
    setupDeclare();
    var mine = v && v.getAttribute("data-mine") === "1";
    document.title = (mine ? "(*) Your turn - " : "") + baseTitle;
  }
  function refresh() {
    return fetch("/green/games/" + gid + "/view" + q, {credentials: "same-origin"})
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) { if (html !== null) { setView(html); } })
      .catch(function () { /* offline: the socket's state says so */ });
  }

  // ---------------------------------------------------------------- moves
  // A click made while the previous move is still on its way (the socket may have
  // shown the next decision before the move's own answer came back) is kept, with
  // the version it was made on, and sent once that answer is in: never dropped.
  var queued = null;
  function sendMove(action, version) {
    if (version === undefined) { version = current(); }
    if (busy) { queued = {action: action, version: version}; return; }
    busy = true;
    body.classList.add("busy");
    var payload = {action: action, version: version};
    fetch("/api/green/games/" + gid + "/moves", {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json"}, body: JSON.stringify(payload)
    }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (data) {
        if (!r.ok) { flash(data.error || ("the move was refused (" + r.status + ")")); }
      });
    }).catch(function () {
      flash("The server cannot be reached: nothing was sent. Try again in a moment.");
    }).then(function () {
      return refresh();
    }).then(function () {
      busy = false;
      body.classList.remove("busy");
      var next = queued;
      queued = null;
      if (next) { sendMove(next.action, next.version); }
    });
  }

  document.addEventListener("submit", function (ev) {
    var form = ev.target;
    if (!(form instanceof HTMLFormElement) || !box.contains(form)) { return; }
    if (form.classList.contains("gm")) {
      ev.preventDefault();
      sendMove(form.elements.namedItem("action").value);
    } else if (form.classList.contains("declare")) {
      ev.preventDefault();
      var counts = declared(form);
      if (counts && legal(form, counts)) { sendMove("draw " + counts.join(" ")); }
    }
  });

  // (the invitation links' Copy buttons are app.js's, as on every page)

  // ---------------------------------------------------------------- the draw picker
  function declared(form) {
    var out = [];
    for (var i = 0; i < 4; i++) {
      var c = form.querySelector("input[name=n" + i + "]:checked");
      if (!c) { return null; }
      out.push(parseInt(c.value, 10));
    }
    return out;
  }
  function legal(form, counts) {
    var all = JSON.parse(form.getAttribute("data-legal") || "[]");
    return all.some(function (c) { return c.join(" ") === counts.join(" "); });
  }
  function words(counts) {
    return "Draw " + counts.map(function (n, i) {
      return (n ? n + " from " : "none from ") + PILES[i];
    }).join(", ");
  }
  function syncDeclare(form) {
    var counts = declared(form);
    var go = form.querySelector(".draw-go");
    var ok = counts !== null && legal(form, counts);
    go.disabled = !ok;
    var total = counts ? counts.reduce(function (a, b) { return a + b; }, 0) : 0;
    go.textContent = ok ? words(counts)
      : "Not allowed (" + total + " cards; the rules' splits only)";
  }
  function setupDeclare() {
    var form = box.querySelector("form.declare");
    if (!form) { return; }
    syncDeclare(form);
    form.addEventListener("change", function () { syncDeclare(form); });
  }

  // ---------------------------------------------------------------- live updates
  function connect() {
    var proto = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(proto + "//" + location.host + "/green/ws/" + gid + q);
    socket.onopen = function () { retry = 500; setLive("live", true); };
    socket.onmessage = function (ev) {
      var msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      if (msg.type === "view" && (msg.version !== current() || msg.presence !== presence())) {
        refresh();
      }
    };
    socket.onclose = function () {
      setLive("reconnecting…", false);
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    };
  }
  setupDeclare();
  connect();
  window.arleGreen = {sendMove: sendMove, refresh: refresh};
})();
