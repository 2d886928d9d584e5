// Charts read to the value, a progressive enhancement: without it a chart still reads (names at
// the line ends, a <title> on every marker and bar, the tables and downloads beside it).
//
// A line chart whose SVG carries data-tips (every value as text) shows, at the position nearest
// the pointer, a rule, a dot on each line and a box with the values: on hover, on tap, and from
// the keyboard, where the chart is one stop (← → move, Home and End go to the ends, Esc hides).
// A teller timeline (figure.timeline, one stop already) steps through its bars with ← →, shows a
// bar's times on hover, tap or focus, and Enter goes to the bar's row in the table.
(function () {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";

  // The box that shows the values; a live region, so a screen reader hears them too.
  var tipBox = function (figure) {
    var box = document.createElement("p");
    box.className = "chart-tip";
    box.setAttribute("aria-live", "polite");
    box.hidden = true;
    figure.appendChild(box);
    return box;
  };

  var fill = function (box, lines) {
    box.textContent = "";
    lines.forEach(function (line, index) {
      var row = document.createElement(index === 0 ? "strong" : "span");
      if (line.color) {
        var swatch = document.createElement("i");
        swatch.setAttribute("aria-hidden", "true");
        swatch.style.background = line.color;
        row.appendChild(swatch);
      }
      row.appendChild(document.createTextNode(line.text));
      box.appendChild(row);
    });
  };

  // Shows the box beside x (px from the figure's content edge), below y or, where that would
  // leave the figure, above `above`; always inside the figure's scrolled width.
  var place = function (box, figure, x, y, above) {
    box.hidden = false;
    var width = box.offsetWidth, height = box.offsetHeight;
    var left = x + 12;
    if (left + width > figure.scrollLeft + figure.clientWidth) left = Math.max(figure.scrollLeft, x - 12 - width);
    var top = y;
    if (top + height > figure.clientHeight && above !== undefined) top = Math.max(0, above - height);
    box.style.left = left + "px";
    box.style.top = top + "px";
  };

  document.querySelectorAll("svg[data-tips]").forEach(function (svg) {
    var data;
    try {
      data = JSON.parse(svg.getAttribute("data-tips"));
    } catch (error) {
      return;
    }
    var columns = data.k, figure = svg.closest("figure");
    if (!figure || !columns.length) return;
    var box = tipBox(figure);
    var marks = document.createElementNS(NS, "g");
    marks.setAttribute("class", "chart-marks");
    marks.setAttribute("aria-hidden", "true");
    marks.style.display = "none";
    var rule = document.createElementNS(NS, "line");
    rule.setAttribute("class", "chart-rule");
    rule.setAttribute("y1", data.t);
    rule.setAttribute("y2", data.b);
    marks.appendChild(rule);
    var dots = data.n.map(function (name, index) {
      var dot = document.createElementNS(NS, "circle");
      dot.setAttribute("class", "chart-dot");
      dot.setAttribute("r", "4.5");
      dot.style.fill = data.c[index];
      marks.appendChild(dot);
      return dot;
    });
    svg.appendChild(marks);
    var current = -1, pinned = false;

    var show = function (index) {
      current = Math.max(0, Math.min(columns.length - 1, index));
      var column = columns[current], x = column[0] + "%";
      rule.setAttribute("x1", x);
      rule.setAttribute("x2", x);
      var lines = [{ text: column[1] }];
      dots.forEach(function (dot, series) {
        var entry = column[2 + series];
        dot.style.display = entry ? "" : "none";
        if (!entry) return;
        dot.setAttribute("cx", x);
        dot.setAttribute("cy", entry[0]);
        lines.push({ text: data.n[series] + ": " + entry[1], color: data.c[series] });
      });
      marks.style.display = "";
      fill(box, lines);
      var plot = svg.getBoundingClientRect(), frame = figure.getBoundingClientRect();
      place(box, figure, plot.left - frame.left + column[0] / 100 * plot.width, plot.top - frame.top + data.t);
    };
    var hide = function () {
      marks.style.display = "none";
      box.hidden = true;
      pinned = false;
    };
    // The column nearest the pointer (columns are in increasing order across the plot).
    var nearest = function (event) {
      var plot = svg.getBoundingClientRect();
      var at = (event.clientX - plot.left) / plot.width * 100;
      var low = 0, high = columns.length - 1;
      while (low < high) {
        var middle = (low + high) >> 1;
        if (columns[middle][0] < at) low = middle + 1;
        else high = middle;
      }
      return low > 0 && at - columns[low - 1][0] < columns[low][0] - at ? low - 1 : low;
    };

    svg.addEventListener("pointermove", function (event) {
      if (event.pointerType === "mouse" || !pinned) show(nearest(event));
    });
    svg.addEventListener("pointerleave", function (event) {
      if (event.pointerType === "mouse" && !pinned && document.activeElement !== svg) hide();
    });
    svg.addEventListener("click", function (event) {
      pinned = true;
      show(nearest(event));
    });
    document.addEventListener("click", function (event) {
      if (pinned && !svg.contains(event.target)) hide();
    });
    svg.setAttribute("tabindex", "0");
    svg.addEventListener("focus", function () {
      show(current < 0 ? columns.length - 1 : current);
    });
    svg.addEventListener("blur", hide);
    svg.addEventListener("keydown", function (event) {
      if (event.key === "ArrowLeft") show(current - 1);
      else if (event.key === "ArrowRight") show(current + 1);
      else if (event.key === "Home") show(0);
      else if (event.key === "End") show(columns.length - 1);
      else if (event.key === "Escape") hide();
      else return;
      event.preventDefault();
    });
  });

  document.querySelectorAll("figure.timeline").forEach(function (figure) {
    var bars = Array.prototype.slice.call(figure.querySelectorAll("g.bar"));
    if (!bars.length) return;
    var box = tipBox(figure);
    var current = -1;

    var show = function (index, reveal) {
      if (current >= 0) bars[current].classList.remove("is-current");
      current = Math.max(0, Math.min(bars.length - 1, index));
      var bar = bars[current];
      bar.classList.add("is-current");
      var frame = figure.getBoundingClientRect(), rect = bar.getBoundingClientRect();
      if (reveal && (rect.left < frame.left + 8 || rect.right > frame.right - 8)) {
        figure.scrollLeft += rect.left - frame.left - frame.width / 3;
        rect = bar.getBoundingClientRect();
      }
      var title = bar.querySelector("title");
      fill(box, [{ text: title ? title.textContent : "" }]);
      var x = rect.left - frame.left + figure.scrollLeft + rect.width / 2;
      place(box, figure, x, rect.bottom - frame.top + 4, rect.top - frame.top - 4);
    };
    var hide = function () {
      if (current >= 0) bars[current].classList.remove("is-current");
      box.hidden = true;
    };
    var barAt = function (event) {
      var bar = event.target.closest ? event.target.closest("g.bar") : null;
      return bar ? bars.indexOf(bar) : -1;
    };

    figure.addEventListener("pointerover", function (event) {
      var index = barAt(event);
      if (index >= 0) show(index, false);
    });
    figure.addEventListener("click", function (event) {
      var index = barAt(event);
      if (index >= 0) show(index, false);
    });
    figure.addEventListener("pointerleave", function (event) {
      if (event.pointerType === "mouse" && document.activeElement !== figure) hide();
    });
    figure.addEventListener("focus", function () {
      show(current < 0 ? 0 : current, true);
    });
    figure.addEventListener("blur", hide);
    figure.addEventListener("keydown", function (event) {
      if (event.key === "ArrowRight") show(current + 1, true);
      else if (event.key === "ArrowLeft") show(current - 1, true);
      else if (event.key === "Home") show(0, true);
      else if (event.key === "End") show(bars.length - 1, true);
      else if (event.key === "Escape") hide();
      else if (event.key === "Enter" && current >= 0 && bars[current].getAttribute("data-href")) {
        var row = document.getElementById(bars[current].getAttribute("data-href").slice(1));
        if (!row) return;
        row.setAttribute("tabindex", "-1");
        location.hash = row.id;
        row.focus();
      } else return;
      event.preventDefault();
    });
  });
})();
