// The landing page's only script, inlined (no CDN, works offline): fills in the base URL as
// the browser sees it and runs the try-it forms against the API on the same origin. Plain
// ES2017 so any current browser runs it as written.
export const TRY_IT_SCRIPT = `
(function () {
  "use strict";
  var basePath = document.querySelector("main").getAttribute("data-base-path");
  var baseUrl = location.origin + basePath;
  document.querySelectorAll("[data-base-url]").forEach(function (element) {
    element.textContent = element.textContent.split(element.getAttribute("data-base-url")).join(baseUrl);
    element.setAttribute("data-base-url", baseUrl);
  });

  function headers(extra) {
    var result = { Accept: "application/json" };
    var token = document.getElementById("try-token").value.trim();
    if (token !== "") result.Authorization = "Bearer " + token;
    for (var name in extra) result[name] = extra[name];
    return result;
  }

  function send(resultId, label, path, init) {
    var result = document.getElementById(resultId);
    var status = result.querySelector(".status");
    var body = result.querySelector("pre code");
    result.hidden = false;
    status.className = "status";
    status.textContent = label + " ...";
    body.textContent = "";
    fetch(basePath + path, init).then(function (response) {
      return response.text().then(function (text) {
        var shown = text;
        try { shown = JSON.stringify(JSON.parse(text), null, 2); } catch (ignored) {}
        status.textContent = label + " \\u2192 " + response.status + " " + response.statusText;
        if (!response.ok) status.className = "status failed";
        body.textContent = shown;
      });
    }, function (error) {
      status.className = "status failed";
      status.textContent = label + " \\u2192 no answer (" + error.message + ")";
    });
  }

  document.getElementById("try-list").addEventListener("submit", function (event) {
    event.preventDefault();
    var limit = event.target.elements.limit.value.trim();
    var path = "/plants" + (limit === "" ? "" : "?limit=" + encodeURIComponent(limit));
    send("try-list-result", "GET " + basePath + path, path, { headers: headers({}) });
  });

  document.getElementById("try-create").addEventListener("submit", function (event) {
    event.preventDefault();
    var fields = event.target.elements;
    var plant = { name: fields.name.value };
    if (fields.tag.value !== "") plant.tag = fields.tag.value;
    if (fields.id.value.trim() !== "") plant.id = Number(fields.id.value);
    send("try-create-result", "POST " + basePath + "/plants", "/plants", {
      method: "POST",
      headers: headers({ "Content-Type": "application/json" }),
      body: JSON.stringify(plant)
    });
  });
})();
`;
