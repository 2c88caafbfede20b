// pagelift view: layer toggles and hover details. Served from the inspector's own origin
// (the Content-Security-Policy allows no inline script). Document text is only ever
// written with textContent, never as markup.
"use strict";

function applyToggle(box) {
  const layer = document.getElementById("layer-" + box.dataset.layer);
  if (layer) {
    layer.classList.toggle("hidden", !box.checked);
  }
}

function showDetails(target) {
  const list = document.getElementById("details");
  let pairs;
  try {
    pairs = JSON.parse(target.getAttribute("data-info") || "[]");
  } catch (error) {
    return;
  }
  list.replaceChildren();
  for (const [name, value] of pairs) {
    const term = document.createElement("dt");
    term.textContent = name;
    const detail = document.createElement("dd");
    detail.textContent = value;
    list.append(term, detail);
  }
  for (const old of document.querySelectorAll(".hovered")) {
    old.classList.remove("hovered");
  }
  target.classList.add("hovered");
}

document.addEventListener("DOMContentLoaded", () => {
  for (const box of document.querySelectorAll("input.layer-toggle")) {
    applyToggle(box);
    box.addEventListener("change", () => applyToggle(box));
  }
  const overlay = document.getElementById("overlay");
  if (overlay) {
    overlay.addEventListener("mouseover", (event) => {
      const target = event.target.closest(".hoverable");
      if (target) {
        showDetails(target);
      }
    });
  }
  document.body.dataset.ready = "yes";
});
