// arle web client: live updates over a WebSocket, moves by clicking, replays, uploads.
// Hand-written, no build step.  The server renders every picture; this script only
// swaps the rendered view in and sends the player's choices back.
"use strict";

(function () {
  const body = document.body;
  const page = body.dataset.page;
  const gameId = body.dataset.game;
  const flashBox = document.getElementById("flash");
  const chooser = document.getElementById("chooser");
  let version = null;
  let shownHtml = null;         // the last view the live socket put on the page

  function flash(message, kind) {
    if (!flashBox) return;
    const p = document.createElement("p");
    p.className = "flash " + (kind || "error");
    p.textContent = message;
    flashBox.replaceChildren(p);
    clearTimeout(flash.timer);
    flash.timer = setTimeout(() => p.remove(), kind === "info" ? 2500 : kind === "hint" ? 15000 : 8000);
  }

  function currentVersion() {
    const view = document.querySelector("#game-view .view");
    return view ? Number(view.dataset.version) : version;
  }

  // ------------------------------------------------------------------ turn alerts
  // The tab title says whose turn it is ("(*) Your turn" shows in a background tab);
  // with the box ticked, a short tone sounds when the turn comes to this browser.
  const baseTitle = document.title;
  let wasMine = null;
  const alerts = { count: 0 };
  function soundOn() {
    try { return localStorage.getItem("arle-sound") === "1"; } catch (e) { return false; }
  }
  function beep() {
    try {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return;
      const ac = beep.ctx || (beep.ctx = new Ctx());
      const osc = ac.createOscillator();
      const gain = ac.createGain();
      osc.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, ac.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, ac.currentTime + 0.35);
      osc.connect(gain).connect(ac.destination);
      osc.start();
      osc.stop(ac.currentTime + 0.35);
    } catch (e) { /* no sound: the title still tells */ }
  }
  function turnAlert() {
    const v = document.querySelector("#game-view .view");
    if (!v || page !== "game") return;
    const mine = v.dataset.mine === "1";
    document.title = (mine ? "(*) " : "") + (v.dataset.title || "") + " - " + baseTitle;
    if (mine && wasMine === false) {
      alerts.count += 1;
      if (soundOn()) beep();
    }
    wasMine = mine;
  }
  const soundBox = document.getElementById("sound-alert");
  if (soundBox) {
    soundBox.checked = soundOn();
    soundBox.addEventListener("change", () => {
      try { localStorage.setItem("arle-sound", soundBox.checked ? "1" : "0"); } catch (e) { /* private mode */ }
      if (soundBox.checked) beep();
    });
  }

  let hinted = null;      // { decision, action }: the hint of the decision on screen
  function clearHint() {
    hinted = null;
    document.querySelectorAll("#flash .flash.hint").forEach((el) => el.remove());
  }
  function markHint() {
    document.querySelectorAll(".hinted").forEach((el) => el.classList.remove("hinted"));
    if (!hinted) return;
    document.querySelectorAll(".action-list [data-action]").forEach((el) => {
      if (el.dataset.action === hinted.action) {
        el.classList.add("hinted");
        el.scrollIntoView({ block: "nearest" });
      }
    });
  }

  // placements that would give nothing now (the view's data-futile): marked, and asked
  function futileSet() {
    const v = document.querySelector("#game-view .view");
    try { return new Set(JSON.parse((v && v.dataset.futile) || "[]")); } catch (e) { return new Set(); }
  }
  function markFutile() {
    const futile = futileSet();
    document.querySelectorAll("#game-view .action-list [data-action]").forEach((el) => {
      const on = futile.has(el.dataset.action);
      el.classList.toggle("futile", on);
      if (on) el.title = "Placing a worker there now gives you nothing";
    });
  }
  function confirmFutile(action) {
    if (!futileSet().has(action)) return true;
    return window.confirm("Placing a worker there now gives you nothing (" + action +
                          "): the worker would be wasted. Place it anyway?");
  }

  // a tile chosen by clicking a cell goes to that cell: when the next decision asks
  // where it goes ("cell R,C"), the cell clicked is sent without asking again
  let pendingCell = null;
  function cellAction(key) {
    const at = Number(key.split(":")[2]);
    return "cell " + Math.floor(at / 3) + "," + (at % 3);
  }
  function autoCell(tries) {
    if (!pendingCell) return;
    if (busy) {
      if (tries < 60) setTimeout(() => autoCell(tries + 1), 50);
      else pendingCell = null;
      return;
    }
    const want = pendingCell;
    pendingCell = null;
    const btn = Array.from(document.querySelectorAll("#game-view [data-action]"))
      .find((b) => b.dataset.action === want);
    if (btn) sendMove(want);
  }

  // the invitation links say whether each seat has joined, as the live view's presence does
  function markInvites() {
    document.querySelectorAll(".invites li[data-seat]").forEach((li) => {
      const seat = li.dataset.seat;
      const pr = document.querySelector('#game-view .seat-presence[data-seat="' + seat + '"]');
      if (!pr || pr.classList.contains("invited")) return;
      const state = li.querySelector(".invite-state");
      if (state) state.textContent = "(joined)";
      li.classList.add("joined");
    });
    const box = document.querySelector(".invites");
    if (box && !box.querySelector("li[data-seat]:not(.joined)")) box.classList.remove("open");
  }

  function setView(html) {
    const holder = document.getElementById("game-view");
    if (!holder) return;
    shownHtml = null;           // whoever calls, the page no longer shows the socket's last view
    const old = holder.querySelector(".view");
    const oldDecision = old ? old.dataset.decision : null;
    const filter = holder.querySelector(".action-filter");
    const filterText = filter ? filter.value : "";
    holder.innerHTML = html;
    const newFilter = holder.querySelector(".action-filter");
    if (newFilter && filterText) {
      newFilter.value = filterText;
      applyFilter(newFilter);
    }
    const log = holder.querySelector(".log-list");
    if (log) log.scrollTop = log.scrollHeight;
    version = currentVersion();
    body.dataset.version = String(version);
    const now = holder.querySelector(".view");
    // a hint answers one decision: it goes when the decision changes
    if (now && now.dataset.decision !== oldDecision) clearHint();
    else markHint();
    markFutile();
    markInvites();
    turnAlert();
    if (pendingCell) setTimeout(() => autoCell(0), 0);
  }

  // ------------------------------------------------------------------ sending
  const OFFLINE = "The server cannot be reached (it may be restarting, or the network is " +
    "down): nothing was sent. Try again in a moment.";
  async function postJSON(url, payload) {
    let resp;
    try {
      resp = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify(payload),
      });
    } catch (e) {
      throw new Error(OFFLINE);       // fetch's own "Failed to fetch" says nothing
    }
    let data = {};
    try { data = await resp.json(); } catch (e) { data = {}; }
    if (!resp.ok) {
      if (!data.error && resp.status >= 502) {
        throw new Error("The server is not answering right now (" + resp.status +
                        "): nothing was changed. Try again in a moment.");
      }
      throw new Error(data.error || ("request failed (" + resp.status + ")"));
    }
    return data;
  }

  async function refreshView() {
    if (!gameId) return;
    try {
      const resp = await fetch("/games/" + gameId + "/view", { credentials: "same-origin" });
      if (resp.ok) setView(await resp.text());
    } catch (e) { /* offline: the message about the failed request says so */ }
  }

  // A click made while the previous move is still on its way (the socket may have
  // shown the next decision before the move's own answer came back) is kept, with
  // the version it was made on, and sent once that answer is in: never dropped.
  let busy = false;
  let queued = null;
  async function sendMove(action, version = currentVersion()) {
    if (busy) { queued = { action: action, version: version }; return; }
    busy = true;
    body.classList.add("busy");
    try {
      await postJSON("/api/games/" + gameId + "/moves",
                     { action: action, version: version });
      if (!socketOpen()) await refreshView();
    } catch (e) {
      flash(e.message);
      await refreshView();
    } finally {
      busy = false;
      body.classList.remove("busy");
    }
    const next = queued;
    queued = null;
    if (next) await sendMove(next.action, next.version);
  }

  async function sendUndo() {
    try {
      const data = await postJSON("/api/games/" + gameId + "/undo",
                                  { version: currentVersion() });
      if (!socketOpen()) await refreshView();
      flash(data.undone > 1 ? "Your last decision was taken back, with the bot's reply."
                            : "Your last decision was taken back.", "info");
    } catch (e) {
      flash(e.message);
    }
  }

  async function askHint(button) {
    if (button.disabled) return;
    button.disabled = true;
    const text = button.textContent;
    button.textContent = "Thinking…";
    try {
      const data = await postJSON("/api/games/" + gameId + "/hint",
                                  { version: currentVersion() });
      if (data.version !== currentVersion()) return;   // the decision moved on meanwhile
      const v = document.querySelector("#game-view .view");
      hinted = { decision: v ? v.dataset.decision : null, action: data.action };
      markHint();
      flash("Hint: " + data.label + " (" + data.action + ")", "hint");
    } catch (e) {
      flash(e.message);
    } finally {
      button.disabled = false;
      button.textContent = text;
    }
  }

  // ------------------------------------------------------------------ cards
  // The printed text of a building, space, destination, equipment, tile or tool
  // (GET /api/texts, arle.data.texts), shown on hover with a mouse, on tap by touch.
  let texts = null;
  let textsLoading = null;
  function loadTexts() {
    if (texts) return Promise.resolve(texts);
    if (!textsLoading) {
      textsLoading = fetch("/api/texts", { credentials: "same-origin" })
        .then((r) => (r.ok ? r.json() : {}))
        .then((t) => { texts = t; return t; })
        .catch(() => { textsLoading = null; return {}; });
    }
    return textsLoading;
  }

  function fillCard(box, id) {
    const e = texts && texts[id];
    box.replaceChildren();
    if (!e) return false;
    const h = document.createElement("b");
    h.className = "card-name";
    h.textContent = e.name;
    box.appendChild(h);
    const facts = [];
    if (e.cost) facts.push("Cost: " + e.cost);
    if (e.vp !== null && e.vp !== undefined) facts.push(e.vp + " VP");
    if (facts.length) {
      const f = document.createElement("span");
      f.className = "card-facts";
      f.textContent = facts.join(" · ");
      box.appendChild(f);
    }
    const t = document.createElement("span");
    t.className = "card-text";
    t.textContent = e.text;
    box.appendChild(t);
    return true;
  }

  const card = document.getElementById("card");
  let cardFor = null;
  function showCard(el, x, y) {
    if (!card) return;
    const id = el.dataset.info;
    cardFor = el;
    loadTexts().then(() => {
      if (cardFor !== el || !fillCard(card, id)) return;
      card.hidden = false;
      const w = card.offsetWidth, h = card.offsetHeight;
      const left = Math.max(4, Math.min(x + 14, window.innerWidth - w - 4));
      const top = y + 18 + h > window.innerHeight ? Math.max(4, y - h - 10) : y + 18;
      card.style.left = left + "px";
      card.style.top = top + "px";
    });
  }
  function hideCard() {
    cardFor = null;
    if (card) card.hidden = true;
  }
  document.addEventListener("pointerover", (ev) => {
    if (ev.pointerType !== "mouse") return;
    const el = ev.target instanceof Element ? ev.target.closest("[data-info]") : null;
    if (el && el !== cardFor) showCard(el, ev.clientX, ev.clientY);
    else if (!el && cardFor) hideCard();
  });
  let lastPointer = "mouse";
  document.addEventListener("pointerdown", (ev) => { lastPointer = ev.pointerType; });
  document.addEventListener("scroll", () => { if (lastPointer !== "mouse") hideCard(); },
                            { passive: true });

  function selectInvite(button) {
    const input = button.parentElement && button.parentElement.querySelector("input.invite");
    if (input) { input.focus(); input.select(); }
    flash("Select the link and copy it (Ctrl+C).", "info");
  }

  // ------------------------------------------------------------------ choosing
  function openChooser(title, actions, labels, infoId) {
    if (!chooser) return;
    chooser.querySelector(".chooser-title").textContent = title;
    const cardBox = chooser.querySelector(".chooser-card");
    if (cardBox) {
      cardBox.hidden = true;
      if (infoId) {
        loadTexts().then(() => { cardBox.hidden = !fillCard(cardBox, infoId); });
      }
    }
    const list = chooser.querySelector(".choices");
    list.replaceChildren();
    actions.forEach((a) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.className = "choice";
      b.dataset.action = a;
      const label = labels[a];
      if (label) {
        const span = document.createElement("span");
        span.className = "label";
        span.textContent = label + " ";
        b.appendChild(span);
      }
      const code = document.createElement("code");
      code.textContent = a;
      b.appendChild(code);
      li.appendChild(b);
      list.appendChild(li);
    });
    if (typeof chooser.showModal === "function") chooser.showModal();
    else chooser.setAttribute("open", "");
  }

  function labelsFromList() {
    const out = {};
    document.querySelectorAll("#game-view .action-list button[data-action]").forEach((b) => {
      const l = b.querySelector(".label");
      out[b.dataset.action] = l ? l.textContent.trim() : "";
    });
    return out;
  }

  function titleFor(el) {
    const t = el.querySelector("title");
    return t ? t.textContent : "Choose";
  }

  document.addEventListener("click", (ev) => {
    const target = ev.target instanceof Element ? ev.target : null;
    if (!target) return;
    const btn = target.closest("[data-action]");
    if (btn) {
      ev.preventDefault();
      // a choice of the cell's chooser keeps the cell; any other button forgets it
      if (chooser && chooser.open) chooser.close();
      else pendingCell = null;
      if (confirmFutile(btn.dataset.action)) sendMove(btn.dataset.action);
      return;
    }
    const hint = target.closest("[data-hint]");
    if (hint) {
      ev.preventDefault();
      askHint(hint);
      return;
    }
    const copy = target.closest("[data-copy]");
    if (copy) {
      ev.preventDefault();
      const text = copy.dataset.copy;
      const done = () => flash("Link copied.", "info");
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(done, () => selectInvite(copy));
      } else selectInvite(copy);
      return;
    }
    const undo = target.closest("[data-undo]");
    if (undo) {
      ev.preventDefault();
      sendUndo();
      return;
    }
    const act = target.closest(".act[data-acts]");
    const touch = lastPointer !== "mouse";
    if (act) {
      ev.preventDefault();
      hideCard();
      let acts = [];
      try { acts = JSON.parse(act.dataset.acts); } catch (e) { acts = []; }
      const key = act.dataset.key || "";
      pendingCell = key.startsWith("cell:") && !acts.every((a) => a.startsWith("cell "))
        ? cellAction(key) : null;
      // by touch there is no hover: a tap shows the card with the choices to confirm
      if (acts.length === 1 && !(touch && act.dataset.info)) {
        if (confirmFutile(acts[0])) sendMove(acts[0]);
      }
      else if (acts.length) openChooser(titleFor(act), acts, labelsFromList(), act.dataset.info);
      return;
    }
    const info = target.closest("[data-info]");
    if (info && touch) {
      if (cardFor === info) hideCard();
      else {
        const r = info.getBoundingClientRect();
        showCard(info, r.left, r.bottom - 10);
      }
      return;
    }
    if (touch && cardFor) hideCard();
    const stepBtn = target.closest("[data-step]");
    if (stepBtn && page === "replay") {
      ev.preventDefault();
      const slider = document.getElementById("replay-step");
      slider.value = String(Number(slider.value) + Number(stepBtn.dataset.step));
      loadReplayStep();
    }
  });

  // keyboard access to the clickable pictures
  document.addEventListener("keydown", (ev) => {
    const target = ev.target instanceof Element ? ev.target : null;
    if (!target || (ev.key !== "Enter" && ev.key !== " ")) return;
    if (target.matches(".act[data-acts]")) {
      ev.preventDefault();
      target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    }
  });

  function applyFilter(input) {
    const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    const list = input.closest(".all-actions").querySelector(".action-list");
    list.querySelectorAll("li").forEach((li) => {
      const text = li.dataset.text || "";
      li.hidden = !words.every((w) => text.includes(w));
    });
  }

  document.addEventListener("input", (ev) => {
    const target = ev.target;
    if (target instanceof HTMLInputElement && target.classList.contains("action-filter")) {
      applyFilter(target);
    }
    if (target instanceof HTMLInputElement && target.id === "replay-step") loadReplayStep();
    if (target instanceof HTMLSelectElement && target.id === "players") syncSeats();
    if (target instanceof HTMLSelectElement && target.id === "expansion") syncExpansion();
  });

  document.addEventListener("submit", (ev) => {
    const form = ev.target;
    if (!(form instanceof HTMLFormElement)) return;
    if (form.classList.contains("typed-action")) {
      ev.preventDefault();
      const text = form.elements.namedItem("action").value.trim();
      if (text) sendMove(text);
    } else if (form.classList.contains("replay-controls")) {
      ev.preventDefault();
    } else if (form.id === "upload") {
      ev.preventDefault();
      uploadRecord(form);
    }
  });

  // ------------------------------------------------------------------ live updates
  let socket = null;
  let retry = 500;
  function socketOpen() {
    return socket !== null && socket.readyState === WebSocket.OPEN;
  }
  function setLive(text, ok) {
    const el = document.getElementById("live");
    if (el) {
      el.textContent = text;
      el.classList.toggle("ok", !!ok);
    }
  }
  function connect() {
    const proto = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(proto + location.host + "/ws/games/" + gameId);
    socket.onopen = () => { retry = 500; };
    socket.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      if (msg.type === "view") {
        // the page is live once the socket's first view is on it: a click made before
        // that would be undone by the view replacing the page under it
        if (msg.html !== shownHtml) {
          // a move closes the open chooser (its choices may be gone); a change the game's
          // version does not see (someone's presence) leaves it open
          if (chooser && chooser.open && msg.version !== version) chooser.close();
          setView(msg.html);
          shownHtml = msg.html;
        }
        setLive("live", true);
      } else if (msg.type === "error") {
        flash(msg.message);
      }
    };
    socket.onclose = () => {
      setLive("reconnecting…", false);
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 10000);
    };
  }

  // ------------------------------------------------------------------ replays
  let replayTimer = null;
  function loadReplayStep() {
    const slider = document.getElementById("replay-step");
    if (!slider) return;
    const k = Number(slider.value);
    const label = document.getElementById("replay-label");
    if (label) label.textContent = "move " + k + " of " + body.dataset.total;
    clearTimeout(replayTimer);
    replayTimer = setTimeout(async () => {
      const resp = await fetch("/games/" + gameId + "/replay/" + k);
      if (resp.ok && Number(slider.value) === k) setView(await resp.text());
    }, 60);
  }

  // ------------------------------------------------------------------ lobby
  function syncSeats() {
    const sel = document.getElementById("players");
    if (!sel) return;
    const n = Number(sel.value);
    [[".seat2", n >= 2], [".seat3", n >= 3]].forEach(([cls, on]) => {
      document.querySelectorAll(cls).forEach((el) => {
        el.hidden = !on;
        el.querySelectorAll("select").forEach((s) => { s.disabled = !on; });
        if (el instanceof HTMLOptionElement) el.disabled = !on;
      });
    });
    // three players are Tea & Trade's 3-player game: choosing 3 chooses the expansion
    const expansion = document.getElementById("expansion");
    if (n === 3 && expansion && expansion.value !== "tea-and-trade") {
      expansion.value = "tea-and-trade";
      syncExpansion();
    }
  }

  // Tea & Trade has its own building selections: offer the ones of the chosen game
  function syncExpansion() {
    const sel = document.getElementById("expansion");
    const buildings = document.getElementById("buildings");
    if (!sel || !buildings) return;
    const tt = sel.value === "tea-and-trade";
    const players = document.getElementById("players");
    if (!tt && players && players.value === "3") {   // the base game takes 1 or 2
      players.value = "2";
      syncSeats();
    }
    buildings.querySelectorAll("option").forEach((o) => {
      o.disabled = tt ? o.classList.contains("base-only") : o.classList.contains("tt-only");
    });
    if (buildings.selectedOptions[0] && buildings.selectedOptions[0].disabled) {
      buildings.value = tt ? "random" : "first-game";
    }
    const cells = document.querySelector("input[name=choose_cells]");
    if (cells) {                    // with the expansion the cells are always chosen
      if (tt) cells.checked = true;
      cells.disabled = tt;
    }
  }

  async function uploadRecord(form) {
    const input = form.querySelector("input[type=file]");
    if (!input.files || !input.files.length) { flash("Choose a record file first."); return; }
    const file = input.files[0];
    if (file.size > 1024 * 1024) { flash("That file is too large for a game record."); return; }
    let record;
    try { record = JSON.parse(await file.text()); } catch (e) {
      flash("That file is not JSON: " + e.message); return;
    }
    try {
      const data = await postJSON("/api/records", record);
      location.href = data.replay || ("/games/" + data.id + "/replay");
    } catch (e) {
      flash(e.message);
    }
  }

  // ------------------------------------------------------------------ first-game guide
  // shown to a player until they say they have read it (remembered by the browser)
  const guide = document.getElementById("guide");
  function guideSeen() {
    try { return localStorage.getItem("arle-guide") === "done"; } catch (e) { return false; }
  }
  if (guide) {
    guide.hidden = guideSeen();
    document.getElementById("guide-done").addEventListener("click", () => {
      try { localStorage.setItem("arle-guide", "done"); } catch (e) { /* private mode */ }
      guide.hidden = true;
    });
    document.getElementById("guide-later").addEventListener("click", () => { guide.hidden = true; });
    document.getElementById("show-guide").addEventListener("click", (ev) => {
      ev.preventDefault();
      guide.hidden = false;
      guide.scrollIntoView({ block: "nearest" });
    });
  }

  // ------------------------------------------------------------------ start
  const firstLog = document.querySelector(".log-list");
  if (firstLog) firstLog.scrollTop = firstLog.scrollHeight;
  if (page === "game" && gameId) {
    version = currentVersion();
    markFutile();
    turnAlert();
    connect();
  }
  if (page === "lobby") { syncSeats(); syncExpansion(); }
  window.arle = { sendMove: sendMove, refreshView: refreshView, alerts: alerts };
})();
