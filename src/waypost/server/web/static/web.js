// Live steps of a run over Server-Sent Events. The server sends each event already escaped as HTML.
// A dropped connection reconnects by itself (EventSource sends Last-Event-ID: nothing is shown twice);
// the server's "end" event says the run is over, and the page stops listening.
(function () {
  "use strict";
  var list = document.getElementById("steps");
  if (!list || !window.EventSource) return;
  var status = document.getElementById("status");
  var source = new EventSource(list.dataset.stream);
  source.onmessage = function (message) {
    var event = JSON.parse(message.data);
    if (event.html) list.insertAdjacentHTML("beforeend", event.html);
    if (event.status && status) status.textContent = event.status;
    if (event.type === "question") {
      var button = list.querySelector("#q-" + event.id + " button");
      if (button) button.focus();
    }
    if (event.type === "answered") {
      var form = document.getElementById("q-" + event.id);
      if (form) form.remove();
    }
    if (event.type === "stopped" || event.type === "done" || event.type === "error") {
      // A question is alive only while its run is; a resumed run asks again, with a new question.
      unanswered("Not answered: the run stopped.");
    }
  };
  function unanswered(text) {
    list.querySelectorAll("li.question form").forEach(function (form) {
      form.replaceWith(text);
    });
  }
  source.addEventListener("end", function (message) {
    source.close();
    var end = JSON.parse(message.data);
    if (end.status && status) status.textContent = end.status;
    var stop = document.getElementById("stop-form");
    if (stop) stop.remove();
    var resume = document.getElementById("resume-form");
    if (resume && end.resumable) resume.hidden = false;
    // Questions the run ended without: nothing waits for an answer any more.
    unanswered("Not answered: the run ended.");
  });
})();
