// A game's page: steps through its positions (buttons, arrow keys, swipes, #N links) and
// follows the game live. The server wrote the page; this only moves within it.
(() => {
  "use strict";
  let data = read();
  let at = data.plies.length - 1;
  let stream = null;

  function read() {
    return JSON.parse(document.getElementById("data").textContent);
  }
  function last() {
    return data.plies.length - 1;
  }
  function fromHash() {
    const n = parseInt(location.hash.slice(1), 10);
    return Number.isNaN(n) ? null : n;
  }
  function show(n, mark) {
    at = Math.max(0, Math.min(last(), n));
    const p = data.plies[at];
    document.getElementById("board").src = p.light;
    document.getElementById("dark").srcset = p.dark;
    document.getElementById("board").alt = document.getElementById("board").alt.replace(/\d+$/, at);
    document.getElementById("counter").textContent = at + " / " + last();
    document.getElementById("caption").textContent = p.caption;
    for (const li of document.querySelectorAll("#moves li.current")) li.classList.remove("current");
    const li = document.getElementById("ply-" + at);
    if (li) {
      li.classList.add("current");
      const list = document.getElementById("moves");
      // Scroll the list only, never the page.
      if (li.offsetTop < list.scrollTop || li.offsetTop + li.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = li.offsetTop - list.clientHeight / 2;
      }
    }
    for (const b of document.querySelectorAll("[data-go]")) {
      const back = b.dataset.go === "first" || b.dataset.go === "back";
      b.disabled = back ? at === 0 : at === last();
    }
    if (mark && fromHash() !== at) history.replaceState(null, "", "#" + at);
    // The neighbours' pictures are fetched ahead, for quick steps.
    for (const k of [at - 1, at + 1]) {
      if (k >= 0 && k <= last()) new Image().src = matchMedia("(prefers-color-scheme: dark)").matches ? data.plies[k].dark : data.plies[k].light;
    }
  }
  function go(how) {
    const to = { first: 0, back: at - 1, forward: at + 1, last: last() }[how];
    if (to !== undefined) show(to, true);
  }
  document.addEventListener("click", (e) => {
    const b = e.target.closest("[data-go]");
    if (b) go(b.dataset.go);
  });
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const how = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" }[e.key];
    if (how) {
      e.preventDefault();
      go(how);
    }
  });
  let touch = null;
  document.addEventListener("touchstart", (e) => {
    if (e.target.closest(".board")) touch = [e.touches[0].clientX, e.touches[0].clientY];
  }, { passive: true });
  document.addEventListener("touchend", (e) => {
    if (!touch) return;
    const dx = e.changedTouches[0].clientX - touch[0];
    const dy = e.changedTouches[0].clientY - touch[1];
    touch = null;
    if (Math.abs(dx) > 40 && Math.abs(dx) > 2 * Math.abs(dy)) go(dx < 0 ? "forward" : "back");
  }, { passive: true });
  window.addEventListener("hashchange", () => {
    const n = fromHash();
    if (n !== null) show(n, false);
  });

  // Live: the server says the game's version; a new one brings the page again, and a reader
  // at the last position moves on with the game.
  async function refresh() {
    const r = await fetch(location.pathname, { cache: "no-store" });
    if (!r.ok) return;
    const doc = new DOMParser().parseFromString(await r.text(), "text/html");
    const fresh = doc.querySelector("main");
    if (!fresh) return;
    const following = at === last();
    const list = document.getElementById("moves").scrollTop;
    document.querySelector("main").innerHTML = fresh.innerHTML;
    document.getElementById("moves").scrollTop = list;
    data = read();
    show(following ? last() : at, following);
    if (!data.running && stream) {
      stream.close();
      stream = null;
    }
  }
  function follow() {
    if (!data.running || !window.EventSource) return;
    stream = new EventSource(data.events);
    stream.addEventListener("version", (e) => {
      if (Number(e.data) !== data.version) refresh();
    });
  }

  const asked = fromHash();
  show(asked === null ? last() : asked, false);
  follow();
})();
