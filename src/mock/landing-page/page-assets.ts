// The landing page's only stylesheet and only script, inlined: the page must work offline,
// with no CDN.

export const PAGE_STYLE = `
:root { color-scheme: light; --ink: #1d2a22; --muted: #56645b; --line: #d5ded8; --accent: #2f7d4f; --paper: #fbfcfb; --code: #eef3ef; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--paper); }
main { max-width: 960px; margin: 0 auto; padding: 2rem 1.25rem 4rem; }
header { border-bottom: 2px solid var(--accent); margin-bottom: 1.5rem; }
h1 { margin: 0 0 .25rem; font-size: 2rem; }
h1 .version { font-size: .9rem; font-weight: 600; color: #fff; background: var(--accent); border-radius: 1rem; padding: .1rem .6rem; vertical-align: middle; margin-left: .5rem; }
h2 { margin-top: 2.5rem; border-bottom: 1px solid var(--line); padding-bottom: .25rem; }
h3 { margin: 1.75rem 0 .5rem; }
h4 { margin: 1rem 0 .25rem; font-size: 1rem; }
.lede { color: var(--muted); margin-top: 0; }
code, pre, .method { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: .9em; }
code { background: var(--code); border-radius: 4px; padding: .05rem .3rem; }
pre { background: #14201a; color: #e7f1ea; padding: .75rem 1rem; border-radius: 6px; overflow-x: auto; white-space: pre-wrap; word-break: break-all; }
pre code { background: none; padding: 0; color: inherit; }
.method { display: inline-block; min-width: 3.5rem; text-align: center; color: #fff; border-radius: 4px; padding: .1rem .4rem; margin-right: .5rem; }
.method-get { background: #2c6aa0; }
.method-post { background: var(--accent); }
table { width: 100%; border-collapse: collapse; margin: .5rem 0 1rem; font-size: .95rem; }
th, td { text-align: left; vertical-align: top; border-bottom: 1px solid var(--line); padding: .4rem .5rem; }
th { color: var(--muted); font-weight: 600; }
td p, td ul { margin: 0; }
.operation, .try { border: 1px solid var(--line); border-radius: 8px; padding: 0 1.25rem 1rem; margin: 1rem 0; background: #fff; }
form { display: flex; flex-wrap: wrap; gap: .75rem; align-items: flex-end; margin: .75rem 0; }
label { display: flex; flex-direction: column; font-size: .9rem; color: var(--muted); }
input { font: inherit; padding: .35rem .5rem; border: 1px solid var(--line); border-radius: 4px; min-width: 8rem; color: var(--ink); }
input#try-token { min-width: 18rem; }
button { font: inherit; font-weight: 600; color: #fff; background: var(--accent); border: 0; border-radius: 4px; padding: .45rem 1rem; cursor: pointer; }
button:hover { filter: brightness(1.1); }
.result .status { font-weight: 600; margin: .5rem 0 0; }
.result .status.failed { color: #a33a2a; }
`;

// The script fills in the base URL as the browser sees it and runs the try-it forms against
// the API on the same origin. Plain ES2017 so any current browser runs it as written.
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
