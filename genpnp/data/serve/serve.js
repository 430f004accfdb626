// genpnp serve: the page follows the server's state (server-sent events) and changes in place only
// what changed: an image whose URL (its digest) is the same is left alone, so it is not fetched again;
// scroll position and the selected piece stay where they were.
"use strict";

const $ = (selector, root = document) => root.querySelector(selector);
let state = null;
let selected = null; // {type: "item", key} | {type: "page", number} | {type: "finding", finding}

function make(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value);
  }
  for (const child of children) node.append(child);
  return node;
}

function setSrc(img, url) {
  if (img.getAttribute("src") !== url) img.setAttribute("src", url);
}

// Keep container's children in the order of items, one per key: existing nodes are kept (and
// updated), new ones made, gone ones removed.
function reconcile(container, items, keyOf, create, update) {
  const old = new Map();
  for (const child of container.children) old.set(child.dataset.key, child);
  items.forEach((item, index) => {
    const key = keyOf(item);
    let node = old.get(key);
    if (node) old.delete(key);
    else { node = create(item); node.dataset.key = key; }
    update(node, item);
    const here = container.children[index];
    if (here !== node) container.insertBefore(node, here || null);
  });
  for (const node of old.values()) node.remove();
}

function where(p) {
  return p.file ? `${p.file}:${p.line}:${p.col}` : "";
}

function problemItem(p) {
  const li = make("li");
  if (p.file) li.append(make("span", { class: "where", text: where(p) }), ": ");
  li.append(p.message);
  return li;
}

function fillList(list, problems) {
  list.replaceChildren(...problems.map(problemItem));
}

function renderBar(s) {
  document.title = `${s.info.name || s.game} - genpnp serve`;
  $("#title").textContent = s.info.name || s.game;
  const status = $("#status");
  const text = { ok: "up to date", building: "drawing pages", error: "not rebuilt", starting: "building" };
  status.textContent = text[s.status] || s.status;
  status.className = `status ${s.status}`;
  const form = $("#options");
  for (const name of ["paper", "ink", "backs"]) {
    const select = form.elements[name];
    const choices = s.choices[name].includes(s.options[name]) ? s.choices[name] : [s.options[name], ...s.choices[name]];
    if (select.options.length !== choices.length) {
      select.replaceChildren(...choices.map((c) => make("option", { value: c, text: c })));
    }
    if (document.activeElement !== select) select.value = s.options[name];
  }
  if (document.activeElement !== form.elements.bleed) form.elements.bleed.value = s.options.bleed;
  const pdf = $("#pdf");
  pdf.hidden = !s.pdf;
  if (s.pdf) {
    pdf.href = s.pdf;
    pdf.setAttribute("download", s.info.pdf_name || "");
    pdf.title = s.status === "error" ? "the last good build" : s.info.pdf_name || "";
  }
}

function renderProblems(s) {
  const box = $("#problems");
  box.hidden = s.problems.length === 0;
  document.body.classList.toggle("stale", s.problems.length > 0);
  fillList($("ul", box), s.problems);
}

function renderComponents(s) {
  reconcile($("#components"), s.components, (c) => c.name,
    () => make("section", { class: "component" }, make("h3"), make("div", { class: "items" })),
    (node, comp) => {
      const heading = $("h3", node);
      const label = `${comp.title} `;
      const count = `${comp.name}, ${comp.items.length} item${comp.items.length === 1 ? "" : "s"}`;
      if (heading.firstChild?.textContent !== label) heading.replaceChildren(label, make("small", { text: count }));
      else heading.lastChild.textContent = count;
      reconcile($(".items", node), comp.items, (item) => item.key,
        (item) => make("figure", { class: "item", onclick: () => select({ type: "item", key: item.key }) },
          make("div", { class: "faces" }), make("figcaption")),
        (fig, item) => {
          fig.classList.toggle("selected", selected?.type === "item" && selected.key === item.key);
          reconcile($(".faces", fig), item.faces, (f) => f.face,
            (f) => make("img", { alt: `${item.key} ${f.face}` }),
            (img, f) => {
              img.width = Math.round(f.w * 0.75);
              img.dataset.face = f.face;
              setSrc(img, f.url);
            });
          const caption = `${item.item}. ${item.name.replace(/^\d+-?/, "") || comp.name}` + (item.qty > 1 ? ` \u00d7${item.qty}` : "");
          if ($("figcaption", fig).textContent !== caption) $("figcaption", fig).textContent = caption;
        });
    });
}

function renderPages(s) {
  $("#page-summary").textContent = s.pages.length
    ? `${s.pages.length} pages, ${s.info.sheets} sheets (at least ${s.info.lower_bound})` : "";
  reconcile($("#page-list"), s.pages, (p) => String(p.number),
    (p) => make("figure", { class: "page" },
      make("img", { alt: `page ${p.number}`, onclick: () => select({ type: "page", number: p.number }) }),
      make("div", { class: "badges" }), make("figcaption")),
    (fig, p) => {
      setSrc($("img", fig), p.url);
      const errors = p.findings.filter((f) => f.severity === "error").length;
      fig.classList.toggle("has-errors", errors > 0);
      fig.classList.toggle("has-warnings", errors === 0 && p.findings.length > 0);
      const kinds = [...new Set(p.findings.map((f) => f.kind))];
      $(".badges", fig).replaceChildren(...kinds.map((kind) => {
        const found = p.findings.filter((f) => f.kind === kind);
        return make("button", {
          class: `badge ${found[0].severity}`, type: "button", title: found.map((f) => f.text).join("\n"),
          onclick: () => select({ type: "findings", page: p.number, kind }),
        }, found.length > 1 ? `${kind} \u00d7${found.length}` : kind);
      }));
      const covered = p.coverage > 0 ? ` (pieces cover ${Math.round(p.coverage * 100)}%)` : "";
      $("figcaption", fig).textContent = `${p.number}. ${p.title || p.role}${covered}`;
    });
}

function renderChecks(s) {
  const violations = s.warnings;
  $("#rules-summary").textContent = s.status === "error" && !s.components.length ? ""
    : violations.length ? `${violations.length} warning(s) from loading and the rules:` : "Rules: every rule holds; no warnings.";
  fillList($("#warnings"), violations);
  if (s.pages.length) {
    $("#audit-summary").textContent = `Audit: ${s.info.audit_errors} error(s), ${s.info.audit_warnings} warning(s).`;
    fillList($("#findings"), s.pages.flatMap((p) => p.findings.map((f) => ({ ...f, message: `page ${p.number}: ${f.kind}: ${f.message}` }))));
  }
}

function renderDetail(s) {
  const aside = $("#detail");
  let title = "", place = "", images = [], list = [], fields = [];
  if (selected?.type === "item") {
    const comp = s.components.find((c) => selected.key.startsWith(`${c.name}/`));
    const item = comp?.items.find((i) => i.key === selected.key);
    if (item) {
      title = `${comp.title}: ${item.item}. ${item.name.replace(/^\d+-?/, "")}`;
      place = item.loc;
      images = item.faces.map((f) => [f.face, f.url, f.w]);
      fields = Object.entries(item.fields);
    }
  } else if (selected?.type === "page") {
    const page = s.pages.find((p) => p.number === selected.number);
    if (page) {
      title = `Page ${page.number}: ${page.title || page.role}`;
      list = page.findings;
      images = [["page", page.url, 0]];
    }
  } else if (selected?.type === "findings") {
    const page = s.pages.find((p) => p.number === selected.page);
    const found = page ? page.findings.filter((f) => f.kind === selected.kind) : [];
    if (found.length) {
      title = `Page ${page.number}: ${selected.kind}`;
      list = found;
      images = [["page", page.url, 0]];
    }
  }
  aside.hidden = !title;
  $("#detail-title").textContent = title;
  $("#detail-where").textContent = place;
  fillList($("#detail-findings"), list);
  $("#detail-fields").replaceChildren(...fields.map(([key, value]) =>
    make("tr", {}, make("th", { text: key }), make("td", { text: value }))));
  reconcile($("#detail-faces"), images, (i) => i[0], () => make("img"), (img, [face, url, w]) => {
    img.alt = face;
    if (w) img.width = Math.round(w); else img.removeAttribute("width");
    setSrc(img, url);
  });
}

function select(what) {
  selected = what;
  render();
}

function render() {
  if (!state || !state.options) return;
  renderBar(state);
  renderProblems(state);
  renderComponents(state);
  renderPages(state);
  renderChecks(state);
  renderDetail(state);
}

function apply(next) {
  state = next;
  render();
  document.body.dataset.version = String(state.version);
}

async function sendOptions(event) {
  const form = $("#options");
  const values = {
    paper: form.elements.paper.value, ink: form.elements.ink.value,
    backs: form.elements.backs.value, bleed: Number(form.elements.bleed.value),
  };
  const shown = $("#option-error");
  const answer = await fetch("/api/options", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(values) });
  shown.hidden = answer.ok;
  if (!answer.ok) shown.textContent = await answer.text();
  event?.target?.blur?.();
}

$("#options").addEventListener("change", sendOptions);
$("#options").addEventListener("submit", (e) => { e.preventDefault(); sendOptions(e); });
$("#close-detail").addEventListener("click", () => select(null));
document.addEventListener("keydown", (e) => { if (e.key === "Escape") select(null); });

const events = new EventSource("/events");
events.addEventListener("state", (e) => apply(JSON.parse(e.data)));
events.addEventListener("error", () => {
  const status = $("#status");
  status.textContent = "server stopped";
  status.className = "status offline";
});
