/* Building the page's elements, and the notice that says what became of a move. */

// An element: attributes (text: its text; on: its listeners; dataset: its data-*), then its children
// (strings become text); an attribute null, undefined or false is left out.
export function el(tag, attrs, children) {
  var node = document.createElement(tag);
  if (attrs) {
    Object.keys(attrs).forEach(function (key) {
      var value = attrs[key];
      if (value === null || value === undefined || value === false) return;
      if (key === "text") node.textContent = value;
      else if (key === "on") Object.keys(value).forEach(function (name) { node.addEventListener(name, value[name]); });
      else if (key === "dataset") Object.keys(value).forEach(function (name) { node.dataset[name] = value[name]; });
      else node.setAttribute(key, value === true ? "" : value);
    });
  }
  (children || []).forEach(function (child) {
    if (child === null || child === undefined) return;
    node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  });
  return node;
}

export function button(label, handler, attrs) {
  var data = { type: "button", on: { click: handler } };
  Object.keys(attrs || {}).forEach(function (key) { data[key] = attrs[key]; });
  return el("button", data, [label]);
}

// A line in the notice (#notice), gone after 8 s or when the next one replaces it.
let noticeTimer = null;
export function say(text, kind) {
  var notice = document.getElementById("notice");
  notice.textContent = text;
  notice.className = "notice " + (kind || "");
  notice.hidden = !text;
  clearTimeout(noticeTimer);
  if (text) noticeTimer = setTimeout(function () { notice.hidden = true; }, 8000);
}
