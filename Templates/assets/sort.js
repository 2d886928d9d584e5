// Sortable report tables, a progressive enhancement: each column header of a report table
// becomes a button that sorts the rows by that column (numbers as numbers), ascending and then
// descending; aria-sort on the header says the order. Without JavaScript the tables stay as built.
(function () {
  "use strict";
  // The cell's text as read aloud: marks sighted readers see (aria-hidden) are left out.
  var spoken = function (node) {
    if (node.nodeType === 3) return node.nodeValue;
    if (node.nodeType !== 1 || node.getAttribute("aria-hidden") === "true") return "";
    var out = "";
    for (var child = node.firstChild; child; child = child.nextSibling) out += spoken(child);
    return out;
  };
  var number = function (text) {
    var match = text.replace(/,/g, "").match(/-?\d+(\.\d+)?/);
    return match ? parseFloat(match[0]) : NaN;
  };
  var collator = new Intl.Collator(document.documentElement.lang || undefined, { numeric: true });

  document.querySelectorAll(".report table").forEach(function (table) {
    var body = table.tBodies[0];
    var headers = table.tHead ? table.tHead.rows[0].cells : [];
    if (!body || body.rows.length < 2 || !headers.length) return;
    Array.prototype.forEach.call(headers, function (header, column) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sort";
      while (header.firstChild) button.appendChild(header.firstChild);
      header.appendChild(button);
      button.addEventListener("click", function () {
        var ascending = header.getAttribute("aria-sort") !== "ascending";
        var numeric = header.classList.contains("num");
        var rows = Array.prototype.map.call(body.rows, function (row) {
          var cell = row.cells[column];
          var text = cell ? spoken(cell).trim() : "";
          return { row: row, text: text, value: numeric ? number(text) : 0 };
        });
        rows.sort(function (a, b) {
          var order;
          if (numeric) {
            if (isNaN(a.value) || isNaN(b.value)) return isNaN(a.value) - isNaN(b.value);
            order = a.value - b.value;
          } else {
            order = collator.compare(a.text, b.text);
          }
          return ascending ? order : -order;
        });
        rows.forEach(function (entry) {
          body.appendChild(entry.row);
        });
        Array.prototype.forEach.call(headers, function (other) {
          other.removeAttribute("aria-sort");
        });
        header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      });
    });
  });
})();

// Code, tables and logs too wide for the screen scroll sideways; one that holds nothing to focus
// becomes a keyboard stop, so it can be scrolled with the arrow keys too (WCAG 2.1.1).
(function () {
  "use strict";
  var focusable = "a[href], button, input, select, textarea, [tabindex]";
  var mark = function () {
    document.querySelectorAll("pre, table, div, figure, ul, ol").forEach(function (box) {
      if (box.scrollWidth <= box.clientWidth + 1 || box.hasAttribute("tabindex")) return;
      var overflow = getComputedStyle(box).overflowX;
      if (overflow !== "auto" && overflow !== "scroll") return;
      if (box.querySelector(focusable)) return;
      box.setAttribute("tabindex", "0");
      box.setAttribute("data-scroll-stop", "");
    });
  };
  mark();
  var pending = 0;
  window.addEventListener("resize", function () {
    clearTimeout(pending);
    pending = setTimeout(mark, 150);
  });
})();
