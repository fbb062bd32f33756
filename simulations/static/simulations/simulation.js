// A simulation's page (or an A/B run's, two of them) while it runs: each one's progress read again
// every two seconds, the page reloaded (its figures drawn by the server) once all have stopped.
(function () {
  "use strict";
  var panels = Array.prototype.slice.call(document.querySelectorAll("[data-simulation-progress]"));
  var running = panels.filter(function (panel) {
    var status = panel.getAttribute("data-status");
    return status === "queued" || status === "running";
  });
  if (!running.length) return;
  function poll(panel) {
    var bar = panel.querySelector("progress");
    var finished = panel.querySelector("[data-field='finished']");
    fetch(panel.getAttribute("data-url"), { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) {
        if (!data) return setTimeout(function () { poll(panel); }, 4000);
        bar.value = data.finished;
        finished.textContent = String(data.finished);
        if (data.status !== "queued" && data.status !== "running") {
          panel.setAttribute("data-status", data.status);
          var still = running.some(function (p) {
            var s = p.getAttribute("data-status");
            return s === "queued" || s === "running";
          });
          if (!still) window.location.reload();
          return;
        }
        setTimeout(function () { poll(panel); }, 2000);
      })
      .catch(function () { setTimeout(function () { poll(panel); }, 4000); });
  }
  running.forEach(function (panel) { setTimeout(function () { poll(panel); }, 1000); });
})();
