// Live steps of a run over Server-Sent Events. The server sends each event already escaped as HTML.
(function () {
  "use strict";
  var list = document.getElementById("steps");
  if (!list || !window.EventSource) return;
  var status = document.getElementById("status");
  var source = new EventSource(list.dataset.stream);
  source.onmessage = function (message) {
    var event = JSON.parse(message.data);
    list.insertAdjacentHTML("beforeend", event.html);
    if (event.status && status) status.textContent = event.status;
    if (event.type === "question") {
      var button = list.querySelector("#q-" + event.id + " button");
      if (button) button.focus();
    }
    if (event.type === "answered") {
      var form = document.getElementById("q-" + event.id);
      if (form) form.remove();
    }
    if (event.type === "done" || event.type === "stopped" || event.type === "error") {
      source.close();
      var stop = document.getElementById("stop-form");
      if (stop) stop.remove();
      // Questions the run ended without: nothing waits for an answer any more.
      list.querySelectorAll("li.question form").forEach(function (form) {
        form.replaceWith("Not answered: the run ended.");
      });
    }
  };
})();
