// The header's inbox count, live: a WebSocket (/ws/inbox/, comments/consumers.py) brings the new
// count as soon as a notification arrives, and the link's polls (every INBOX_POLL_SECONDS, htmx) are
// held while it is open. Where no socket runs (a server of HTTP only, the channel layer down) the polls
// go on.
(function () {
  "use strict";
  if (!window.WebSocket) return;
  var socket = null;
  var live = false;
  var failures = 0;
  var opened = false; // a socket ever opened on this page: a server that has them
  var pinger = null;

  function show(unread) {
    var link = document.getElementById("inbox-link");
    if (!link) return;
    link.classList.toggle("unread", unread > 0);
    var count = link.querySelector(".count");
    if (unread > 0) {
      if (!count) {
        count = document.createElement("span");
        count.className = "count";
        link.appendChild(document.createTextNode(" "));
        link.appendChild(count);
      }
      count.textContent = String(unread);
      count.setAttribute("data-count", String(unread));
      link.title = interpolate(ngettext("%(n)s unread notification", "%(n)s unread notifications", unread), { n: unread }, true);
    } else {
      if (count) count.remove();
      link.removeAttribute("title");
    }
    link.setAttribute("data-live", "1");
  }

  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + "/ws/inbox/");
    socket.onopen = function () {
      live = true;
      opened = true;
      failures = 0;
      clearInterval(pinger);
      // Now and then a ping: a count that an announce lost comes back.
      pinger = setInterval(function () {
        if (socket && socket.readyState === 1) socket.send(JSON.stringify({ type: "ping" }));
      }, 60000);
    };
    socket.onmessage = function (message) {
      var data;
      try { data = JSON.parse(message.data); } catch (e) { return; }
      if (data && data.type === "count" && typeof data.unread === "number") show(data.unread);
    };
    socket.onclose = function (event) {
      live = false;
      socket = null;
      clearInterval(pinger);
      var link = document.getElementById("inbox-link");
      if (link) link.removeAttribute("data-live");
      if (event.code === 4403) return; // signed out: the page polls, or is a login page soon
      failures += 1;
      // A server without sockets answers no handshake: try a few times, then leave it to the polls.
      if (!opened && failures >= 3) return;
      setTimeout(connect, Math.min(60000, 1000 * Math.pow(2, failures)));
    };
  }

  // While the socket is open, the link's polls ask nothing of the server, and a poll's answer that
  // was on its way when the socket opened does not replace the socket's fresher count.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    if (live && elt && elt.id === "inbox-link") event.preventDefault();
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (live && target && target.id === "inbox-link") event.detail.shouldSwap = false;
  });
  if (document.getElementById("inbox-link")) connect();
})();
