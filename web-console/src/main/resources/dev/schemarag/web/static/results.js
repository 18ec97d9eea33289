'use strict';
// The rows of an executed answer, shown under it: a table paged by ROWS_PER_PAGE, a CSV download made in the page
// (a Blob of the rows received: nothing is fetched) and a chart chosen from the column types (chartFor), drawn with
// Chart.js from the console's own /vendor/ path. Every value is put in the page as text, never as HTML.

const ROWS_PER_PAGE = 50;
// PostgreSQL type names, as result columns report them.
const NUMBER_TYPES = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric']);
const TIME_TYPES = new Set(['date', 'timestamp', 'timestamptz']);
const CATEGORY_TYPES = new Set(['text', 'varchar', 'bpchar', 'char', 'name', 'citext']);

// The chart for these columns, or null: a time and a number → line; a category (text-like) and a number → bar; two
// numbers → scatter; otherwise none. Masked columns carry no values and count for nothing. x, y: column indexes.
function chartFor(columns) {
  const first = (types, after = -1) => columns.findIndex((c, i) => i > after && !c.masked && types.has(c.type));
  const number = first(NUMBER_TYPES);
  if (number < 0) return null;
  const time = first(TIME_TYPES);
  if (time >= 0) return { type: 'line', x: time, y: number };
  const category = first(CATEGORY_TYPES);
  if (category >= 0) return { type: 'bar', x: category, y: number };
  const second = first(NUMBER_TYPES, number);
  return second >= 0 ? { type: 'scatter', x: number, y: second } : null;
}

// RFC 4180: a header of the column names, then the rows, lines ending in CRLF; a field is quoted when it holds a
// comma, a double quote (doubled) or a line break; SQL NULL and masked cells are empty fields.
function toCsv(columns, rows) {
  const field = (v) => (v === null || v === undefined ? '' : /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const line = (fields) => fields.map(field).join(',') + '\r\n';
  return line(columns.map((c) => c.name)) + rows.map(line).join('');
}

let shownChart = null;
let csvUrl = null;

// Forgets what the last rows left behind: their chart and their CSV's Blob.
function clearRows() {
  if (shownChart) shownChart.destroy();
  if (csvUrl) URL.revokeObjectURL(csvUrl);
  shownChart = null;
  csvUrl = null;
}

function renderRows(o) {
  clearRows();
  const section = el('div', null, 'rows');
  section.id = 'rows';
  section.appendChild(el('h3', 'Rows'));
  const rowWord = o.rowCount === 1 ? 'row' : 'rows';
  section.appendChild(el('p', `${o.rowCount} ${rowWord} in ${o.executionMs} ms as ${o.executedAs}` +
    (o.truncated ? ' — truncated at the row or byte cap: the query returned more' : ''), 'muted'));
  const plan = chartFor(o.columns);
  if (plan && o.rows.length) section.appendChild(chartBox(o, plan));

  const table = el('table');
  table.id = 'rows-table';
  const numeric = o.columns.map((c) => NUMBER_TYPES.has(c.type));
  const head = el('tr');
  o.columns.forEach((c, i) => head.appendChild(el('th', c.masked ? `${c.name} (masked)` : c.name,
    numeric[i] ? 'num' : undefined)));
  table.appendChild(el('thead')).appendChild(head);
  const body = table.appendChild(el('tbody'));
  const scroll = el('div', null, 'scroll');
  scroll.appendChild(table);
  section.appendChild(scroll);

  const pager = el('div', null, 'pager');
  const prev = el('button', '‹ Previous');
  const next = el('button', 'Next ›');
  const where = el('span', null, 'muted');
  prev.type = next.type = 'button';
  prev.id = 'rows-prev';
  next.id = 'rows-next';
  where.id = 'rows-page';
  const pages = Math.max(1, Math.ceil(o.rows.length / ROWS_PER_PAGE));
  let page = 0;
  const show = () => {
    const from = page * ROWS_PER_PAGE;
    const shown = o.rows.slice(from, from + ROWS_PER_PAGE);
    body.replaceChildren(...shown.map((row) => {
      const tr = el('tr');
      row.forEach((v, i) => {
        if (o.columns[i].masked) tr.appendChild(el('td', 'masked', 'masked'));
        else if (v === null) tr.appendChild(el('td', 'NULL', 'null'));
        else tr.appendChild(el('td', v, numeric[i] ? 'num' : undefined));
      });
      return tr;
    }));
    where.textContent = o.rows.length
      ? `rows ${from + 1}–${from + shown.length} of ${o.rows.length}` : 'no rows';
    prev.disabled = page === 0;
    next.disabled = page >= pages - 1;
  };
  prev.addEventListener('click', () => { page--; show(); });
  next.addEventListener('click', () => { page++; show(); });
  show();

  csvUrl = URL.createObjectURL(new Blob([toCsv(o.columns, o.rows)], { type: 'text/csv' }));
  const csv = el('a', 'Download CSV');
  csv.id = 'rows-csv';
  csv.href = csvUrl;
  csv.download = `${o.id}.csv`;
  [prev, where, next, csv].forEach((e) => pager.appendChild(e));
  section.appendChild(pager);
  return section;
}

function chartBox(o, plan) {
  const box = el('div', null, 'chart');
  const canvas = el('canvas');
  canvas.id = 'rows-chart';
  canvas.dataset.kind = plan.type;
  box.appendChild(canvas);
  const number = (v) => (v === null ? null : Number(v));
  const x = o.columns[plan.x].name;
  const y = o.columns[plan.y].name;
  // The page's own colours, light or dark.
  const css = getComputedStyle(document.documentElement);
  const accent = css.getPropertyValue('--accent').trim();
  const line = css.getPropertyValue('--line').trim();
  const color = css.getPropertyValue('--fg').trim();
  const dataset = { backgroundColor: accent, borderColor: accent };
  const data = plan.type === 'scatter'
    ? { datasets: [{ ...dataset, label: `${y} by ${x}`,
      data: o.rows.map((r) => ({ x: number(r[plan.x]), y: number(r[plan.y]) })) }] }
    : { labels: o.rows.map((r) => r[plan.x] ?? 'NULL'),
      datasets: [{ ...dataset, label: y, data: o.rows.map((r) => number(r[plan.y])) }] };
  const axis = (text) => ({ title: { display: true, text, color }, ticks: { color }, grid: { color: line } });
  // Chart.js sizes the chart to its box once the box is in the page.
  shownChart = new Chart(canvas, {
    type: plan.type,
    data,
    options: {
      animation: false,
      maintainAspectRatio: false,
      plugins: { legend: { labels: { color } } },
      scales: { x: axis(x), y: axis(y) },
    },
  });
  return box;
}
