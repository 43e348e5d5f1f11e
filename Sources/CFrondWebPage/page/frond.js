// Frond's web host page: shows a root's views as absolutely positioned elements and sends
// a person's input back. Every message from the server is one commit (or, first, the views
// a shared root has now); the protocol is in docs/web.md. A list page's document is the
// list's content: the window's visible part is sent as the list's viewport.
"use strict";

const frond = (window.frond = {
  views: new Map(),     // view id → { element, type, attributes, lines }
  commits: 0,           // messages applied
  latencies: [],        // ms from an input event to the frame that shows its commit
  answers: [],          // ms from an input event to its commit's arrival
  roundTrips: [],       // ms from sending an event to its commit's arrival (the server's and network's part)
  connected: false,
  session: 0,
  list: false,          // a list page
  applied: 0,           // messages with mutations applied (commits and resets) this session
  failed: false,        // the program's last flush failed: the views are the last it showed
});

const container = document.getElementById("frond");
const statusLine = document.getElementById("frond-status");
let socket = null;
// How long to wait before connecting again: doubled by each connection that ends without a
// session (a server that refuses it, or is not there), back to the first once one begins.
const firstReconnectDelay = 250;
let reconnectDelay = firstReconnectDelay;
let eventSeq = 0;
const pendingEvents = new Map(); // seq → the input event's timestamp
const sentAt = new Map();        // seq → when it was sent
const typing = new Set();        // text fields whose last typing the server has not answered
// (How many, for tests and tools: a field shows the root's value once none waits.)
Object.defineProperty(frond, "typingFields", { get: () => typing.size });

// ---- view types → elements -----------------------------------------------------------

const inputTypes = new Set(["textField", "textfield", "entry", "input"]);
const toggleTypes = new Set(["switch", "checkbox", "toggle"]);
const sliderTypes = new Set(["slider", "range"]);

// The inputs whose value the person changes continuously (typing, dragging): each keeps what
// the person did until the server has answered it (see `reconcile`).
function isTextField(element) {
  return element.tagName === "INPUT" && (element.type === "text" || element.type === "password");
}
function isSlider(element) { return element.tagName === "INPUT" && element.type === "range"; }

function createElement(id, type) {
  let element;
  if (type === "button") element = document.createElement("button");
  else if (type === "image") element = document.createElement("img");
  else if (toggleTypes.has(type)) {
    element = document.createElement("input");
    element.type = "checkbox";
  } else if (inputTypes.has(type)) {
    element = document.createElement("input");
    element.type = "text";
  } else if (sliderTypes.has(type)) {
    element = document.createElement("input");
    element.type = "range";
  } else element = document.createElement("div");
  element.className = "frond-view";
  element.dataset.view = id;
  element.dataset.type = type;
  return element;
}

// ---- attributes ------------------------------------------------------------------------

function cssColor(value) {
  if (value && typeof value === "object" && Array.isArray(value.c)) {
    const [r, g, b, a] = value.c;
    return `rgba(${Math.round(r * 255)}, ${Math.round(g * 255)}, ${Math.round(b * 255)}, ${a})`;
  }
  return typeof value === "string" ? value : "";
}

const fontFaces = new Map(); // "family|weight" → CSS family name of the face the server serves

function fontFace(family, weight) {
  const key = `${family || ""}|${weight || ""}`;
  let name = fontFaces.get(key);
  if (!name) {
    name = `frond-font-${fontFaces.size}`;
    const query = new URLSearchParams();
    if (family) query.set("family", family);
    if (weight) query.set("weight", weight);
    const face = new FontFace(name, `url(/font?${query})`);
    document.fonts.add(face);
    face.load().catch(() => {});
    fontFaces.set(key, name);
  }
  return name;
}

// A button's title is its own text node, before its child views (which the page inserts
// among its element children): setting it leaves them in place.
function setButtonTitle(element, title) {
  let node = element.firstChild;
  if (!node || node.nodeType !== Node.TEXT_NODE) {
    node = document.createTextNode("");
    element.insertBefore(node, element.firstChild);
  }
  if (node.data !== title) node.data = title;
}

function applyStyle(view) {
  const { element, attributes: a } = view;
  const style = element.style;
  style.background = cssColor(a.backgroundColor);
  const border = typeof a.borderWidth === "number" ? a.borderWidth : null;
  if (border !== null) style.border = `${border}px solid ${cssColor(a.borderColor) || "#000"}`;
  else if (element.tagName === "DIV" || element.tagName === "IMG") style.border = "";
  style.borderRadius = typeof a.cornerRadius === "number" ? `${a.cornerRadius}px` : "";
  style.opacity = typeof a.opacity === "number" ? String(a.opacity) : "";
  style.visibility = a.hidden === true ? "hidden" : "";
  // Clicks go to the views that take them (index.html): one with onTap, an input or a
  // button; through the others, and through everything in a view on its way out, to what
  // is under them, as Frond's own hit-testing lets a tap through.
  element.classList.toggle("frond-tappable", Boolean(a.onTap));
  element.classList.toggle("frond-leaving", a.leaving === true);
  style.overflow = a.clipsToBounds === true ? "hidden" : "";
  const tx = a.translationX || 0, ty = a.translationY || 0, scale = typeof a.scale === "number" ? a.scale : 1;
  style.transform = tx || ty || scale !== 1 ? `translate(${tx}px, ${ty}px) scale(${scale})` : "";
  style.cursor = a.onTap ? "pointer" : "";
  // Text: the face Pango set it in, at its size, one line box per line.
  const fontSize = typeof a.fontSize === "number" ? a.fontSize : 14;
  const lineHeight = typeof a.lineHeight === "number" ? a.lineHeight : fontSize * 1.2;
  style.fontFamily = `"${fontFace(a.fontFamily, a.fontWeight)}", sans-serif`;
  style.fontSize = `${fontSize}px`;
  style.lineHeight = `${lineHeight}px`;
  style.color = cssColor(a.color);
  style.textAlign = typeof a.textAlign === "string" && a.textAlign !== "justify" ? a.textAlign : "";

  if (element.tagName === "BUTTON") setButtonTitle(element, String(a.title ?? a.text ?? ""));
  else if (element.tagName === "IMG") {
    const source = typeof a.source === "string" ? `/image/${a.source.split("/").map(encodeURIComponent).join("/")}` : "";
    if (element.getAttribute("src") !== source) element.setAttribute("src", source);
    element.style.objectFit = { aspectFit: "contain", aspectFill: "cover", center: "none" }[a.contentMode] || "fill";
  } else if (element.type === "checkbox") {
    element.checked = (a.checked ?? a.on ?? a.value) === true;
  } else if (isTextField(element)) {
    const type = a.secure === true ? "password" : "text";
    if (element.type !== type) element.type = type;
    // While the root has not answered what was typed here, the field keeps the person's text
    // (they may type on); `reconcile` shows the root's once it has.
    if (view.typed === undefined) showRootText(view);
    element.placeholder = typeof a.placeholder === "string" ? a.placeholder : "";
  } else if (isSlider(element)) {
    // (The range first: the browser clamps the value to it.)
    const min = typeof a.min === "number" ? a.min : 0;
    const max = typeof a.max === "number" ? Math.max(a.max, min) : Math.max(1, min);
    element.min = String(min);
    element.max = String(max);
    element.step = typeof a.step === "number" && a.step > 0 ? String(a.step) : "any";
    if (view.typed === undefined) showRootText(view);
  }
  element.setAttribute("aria-label", a.accessibilityLabel ?? "");
}

// A text field shows the root's value (a program may refuse, cut or change what was typed);
// a slider the root's number.
function showRootText(view) {
  const a = view.attributes;
  if (isSlider(view.element)) {
    const value = String(typeof a.value === "number" ? a.value : Number(view.element.min));
    if (view.element.value !== value) view.element.value = value;
    return;
  }
  const text = typeof a.value === "string" ? a.value : typeof a.text === "string" ? a.text : "";
  const element = view.element;
  if (element.value === text) return; // (unchanged: the caret stays)
  if (document.activeElement !== element) {
    element.value = text;
    return;
  }
  // The caret stays by the text around it: what the program kept before and after the
  // change (a refused key, a cut end, an upper-cased first letter) holds it in place.
  const old = element.value;
  let prefix = 0;
  while (prefix < old.length && prefix < text.length && old[prefix] === text[prefix]) prefix++;
  let suffix = 0;
  while (suffix < old.length - prefix && suffix < text.length - prefix &&
         old[old.length - 1 - suffix] === text[text.length - 1 - suffix]) suffix++;
  const place = (at) => at <= prefix ? at : at >= old.length - suffix ? text.length - (old.length - at)
    : Math.min(at, text.length - suffix);
  const start = place(element.selectionStart ?? old.length), end = place(element.selectionEnd ?? old.length);
  element.value = text;
  element.setSelectionRange(start, end);
}

// The server answered the events up to `answered`: a text field whose last typing is among
// them shows the root's value now (the echo of what was typed, usually: then nothing moves).
// A field typed in since waits for the answer to that, which carries the whole text again.
function reconcile(answered) {
  for (const view of typing) {
    if (view.typed <= answered) {
      typing.delete(view);
      view.typed = undefined;
      if (frond.views.get(Number(view.element.dataset.view)) === view) showRootText(view);
    }
  }
}

// A list item's container now shows another item (or none): what the person was typing in
// it was the previous item's. The field under the caret lets go (a key would go to the new
// item), and its fields show the new item's text.
function itemChanged(containerView) {
  if (containerView.element.contains(document.activeElement)) document.activeElement.blur();
  for (const view of typing) {
    if (containerView.element.contains(view.element)) {
      typing.delete(view);
      view.typed = undefined;
      showRootText(view);
    }
  }
}

// Pango's lines of a text view: one element per line, so the browser never breaks them
// elsewhere; a line cut short by maxLines ends in an ellipsis.
function applyLines(view, lines, ellipsized) {
  const { element } = view;
  if (element.tagName !== "DIV") return;
  for (let i = 0; i < (view.lineCount || 0); i++) element.firstElementChild.remove();
  view.lineCount = lines.length;
  const firstChild = element.firstChild;
  lines.forEach((text, index) => {
    const line = document.createElement("div");
    line.className = "frond-line";
    line.textContent = text;
    if (ellipsized && index === lines.length - 1) {
      line.style.overflow = "hidden";
      line.style.textOverflow = "ellipsis";
    }
    element.insertBefore(line, firstChild);
  });
}

// ---- mutations -------------------------------------------------------------------------

function viewElement(id) {
  if (id === 0) return container;
  const view = frond.views.get(id);
  if (!view) throw new Error(`no view ${id}`);
  return view.element;
}

// Children of a view are its element's children after its text lines.
function insertAt(parentId, element, index) {
  const parent = viewElement(parentId);
  const lines = parentId === 0 ? 0 : frond.views.get(parentId).lineCount || 0;
  if (element.parentElement === parent) element.remove();
  parent.insertBefore(element, parent.children[index + lines] ?? null);
}

function apply(mutation) {
  const [kind, id] = mutation;
  switch (kind) {
    case "c":
      frond.views.set(id, { element: createElement(id, mutation[2]), type: mutation[2], attributes: {} });
      break;
    case "u": {
      const view = frond.views.get(id);
      Object.assign(view.attributes, mutation[2]);
      for (const name of mutation[3]) delete view.attributes[name];
      if (frond.list && view.element.parentElement === container &&
          ["item", "section", "hidden", "leaving"].some((name) => name in mutation[2] || mutation[3].includes(name))) {
        itemChanged(view);
      }
      applyStyle(view);
      break;
    }
    case "f": {
      const [, , x, y, width, height] = mutation;
      const style = viewElement(id).style;
      if (id === 0) {
        style.width = `${width}px`;
        style.height = `${height}px`;
      } else Object.assign(style, { left: `${x}px`, top: `${y}px`, width: `${width}px`, height: `${height}px` });
      break;
    }
    case "i":
    case "m":
      insertAt(mutation[2], viewElement(id), mutation[3]);
      break;
    case "r":
      viewElement(id).remove();
      break;
    case "d":
      viewElement(id).remove();
      frond.views.delete(id);
      break;
    case "l": {
      const view = frond.views.get(id);
      view.lines = { text: mutation[2], widths: mutation[4] }; // Pango's, for tests and tools
      applyLines(view, mutation[2], mutation[3]);
      break;
    }
  }
}

// A list's commit comes with the content's new size (`l`) and its offset's moves (`o`: the
// new offset `v`, how far it moved `d`, the last move's number `n`), applied with its rows in
// one frame. The page scrolls by `d` from where it is (its own scrolling since its last report
// is kept), read before the size changes: a smaller size may clamp the position first. Its
// scroll reports say how many moves they include, and the server adds those they do not.
function withListChanges(message, applyRows) {
  const target = message.o ? scrollY + message.o.d : null;
  if (message.l) {
    container.style.width = `${message.l.w}px`;
    container.style.height = `${message.l.h}px`;
  }
  applyRows();
  if (message.o) {
    scrollTo(scrollX, target);
    frond.offsetMoves = message.o.n || 0;
  }
}

function receive(message) {
  if (message.t === "welcome") {
    reconnectDelay = firstReconnectDelay; // (a session began)
    frond.session = message.session;
    frond.list = message.list === true;
    frond.offsetMoves = 0; // (a new session's list numbers its moves afresh)
    frond.maxMessageBytes = typeof message.max === "number" ? message.max : 0;
    frond.applied = 0;
    if (message.title) document.title = message.title;
    // (A list's session starts at the top, a reconnection's too: the new list knows nothing
    // of where the page was.)
    if (frond.list) {
      scrollTo(scrollX, 0);
      sendScroll();
    }
    return;
  }
  if (message.t === "length") { // a list's content size (when the page opens)
    container.style.width = `${message.w}px`;
    container.style.height = `${message.h}px`;
    return;
  }
  if (message.t === "list") { // a list's new size or offset, without a commit
    withListChanges(message, () => {});
    return;
  }
  if (message.t === "answered") { // events the root handled without a change to show
    reconcile(message.e || 0);
    return;
  }
  if (message.t === "failed") { // the program's flush failed: these views are the last it showed
    statusLine.textContent = "the program could not show its latest state (its log says why)";
    frond.failed = true;
    return;
  }
  if (frond.failed) { // (a commit: the program shows its state again)
    statusLine.textContent = "";
    frond.failed = false;
  }
  if (message.t === "reset") {
    for (const view of frond.views.values()) view.element.remove();
    frond.views.clear();
  }
  frond.applied += 1; // (each commit or reset; an event says how many it was sent after)
  withListChanges(message, () => {
    for (const mutation of message.m) apply(mutation);
  });
  reconcile(message.e || 0);
  frond.commits += 1;
  // The frame that shows this commit: time every input event it answers.
  const answered = [];
  const arrival = performance.now();
  for (const [seq, start] of pendingEvents) {
    if (seq <= (message.e || 0)) {
      answered.push(start);
      frond.answers.push(arrival - start);
      if (sentAt.has(seq)) frond.roundTrips.push(arrival - sentAt.get(seq));
      sentAt.delete(seq);
      pendingEvents.delete(seq);
    }
  }
  if (answered.length) {
    requestAnimationFrame(() => {
      const now = performance.now();
      for (const start of answered) frond.latencies.push(now - start);
    });
  }
}

// ---- input → events ----------------------------------------------------------------------

// Sends a message; false when it is longer than the server takes (which would close the
// connection, and the page would come back as a new session, its fields empty).
function send(object) {
  const text = JSON.stringify(object);
  if (frond.maxMessageBytes && new TextEncoder().encode(text).length > frond.maxMessageBytes) {
    console.warn(`frond: a ${object.t} message above the server's limit of ${frond.maxMessageBytes} bytes is not sent`);
    return false;
  }
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(text);
  return true;
}

function sendEvent(view, event, value, domEvent) {
  const message = { t: "event", view, event, seq: eventSeq + 1, c: frond.applied };
  if (value !== undefined) message.value = value;
  if (!send(message)) return false;
  eventSeq += 1;
  pendingEvents.set(eventSeq, domEvent ? domEvent.timeStamp : performance.now());
  sentAt.set(eventSeq, performance.now());
  return true;
}

function owningView(target) {
  for (let element = target; element && element !== container; element = element.parentElement) {
    if (element.dataset && element.dataset.view) return frond.views.get(Number(element.dataset.view));
  }
  return null;
}

container.addEventListener("click", (domEvent) => {
  for (let view = owningView(domEvent.target); view; view = owningView(view.element.parentElement)) {
    if (view.element.type === "checkbox" || isTextField(view.element) || isSlider(view.element)) {
      if (view.element === domEvent.target) return; // their own events follow
    }
    if (view.attributes.onTap) {
      sendEvent(Number(view.element.dataset.view), "onTap", undefined, domEvent);
      return;
    }
  }
});

container.addEventListener("change", (domEvent) => {
  const view = owningView(domEvent.target);
  if (!view || view.element.type !== "checkbox") return;
  const checked = view.element.checked;
  // The root decides: the box shows its attribute until a commit changes it.
  view.element.checked = !checked;
  const id = Number(view.element.dataset.view);
  if (view.attributes.onValueChange) sendEvent(id, "onValueChange", checked, domEvent);
  if (view.attributes.onTap) sendEvent(id, "onTap", undefined, domEvent);
});

container.addEventListener("input", (domEvent) => {
  const view = owningView(domEvent.target);
  if (view && (isTextField(view.element) || isSlider(view.element)) && view.attributes.onValueChange) {
    const value = isSlider(view.element) ? Number(view.element.value) : view.element.value;
    if (!sendEvent(Number(view.element.dataset.view), "onValueChange", value, domEvent)) {
      if (view.typed === undefined) showRootText(view); // (too long to send: refused here)
      return;
    }
    view.typed = eventSeq;
    typing.add(view);
  }
});

// The width a root or list gets: the window's without its vertical scrollbar (the page
// always has one, index.html's `overflow-y: scroll`, so that it does not come and go with the
// content's height and change the width under it).
function pageWidth() {
  return document.documentElement.clientWidth || innerWidth;
}
window.addEventListener("resize", () => {
  send({ t: "viewport", width: pageWidth(), height: innerHeight });
  if (frond.list) sendScroll();
});
// ---- a list page: the window's visible part is the list's viewport ------------------------
let scrollQueued = false;
function listTop() {
  return container.getBoundingClientRect().top + scrollY;
}
function sendScroll() {
  scrollQueued = false;
  send({ t: "scroll", offset: Math.max(0, scrollY - listTop()), length: innerHeight, n: frond.offsetMoves || 0 });
}
window.addEventListener("scroll", () => {
  if (!frond.list || scrollQueued) return;
  scrollQueued = true; // once a frame
  requestAnimationFrame(sendScroll);
});

// ---- connection --------------------------------------------------------------------------

function connect() {
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/socket`;
  socket = new WebSocket(url);
  socket.onopen = () => {
    frond.connected = true;
    pendingEvents.clear(); // a new session: the old one's events are not answered
    sentAt.clear();
    typing.clear();
    statusLine.textContent = "";
    send({ t: "hello", path: location.pathname + location.search, width: pageWidth(), height: innerHeight });
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = (event) => {
    frond.connected = false;
    // (The server says why it ended the session: "no root" when its session function gave
    // none, "the server is closing", …)
    statusLine.textContent = `disconnected${event.reason ? ` (${event.reason})` : ""}: reconnecting…`;
    setTimeout(connect, reconnectDelay);
    reconnectDelay = Math.min(reconnectDelay * 2, 5000);
  };
}

// Leaving the page ends its session at once (a page kept for the back button would keep it
// open); coming back to it begins a new one.
window.addEventListener("pagehide", () => {
  if (!socket) return;
  socket.onclose = null;
  socket.close();
});
window.addEventListener("pageshow", (event) => {
  if (event.persisted) {
    reconnectDelay = firstReconnectDelay;
    connect();
  }
});
connect();
