'use strict';
// The SchemaRAG console: plain DOM code over /api (no framework, nothing fetched from elsewhere; the rows of an
// answer are results.js's). Every value from the server is put in the page as text (textContent), never as HTML.

const $ = (id) => document.getElementById(id);
const el = (tag, text, cls) => {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  return e;
};
const fmt = (n, d = 2) => (typeof n === 'number' ? n.toFixed(d) : '–');
const time = (ms) => (ms ? new Date(ms).toLocaleTimeString() : '–');

async function api(path, options = {}) {
  const res = await fetch(path, { ...options, headers: { 'Content-Type': 'application/json' } });
  const body = await res.json().catch(() => ({ code: 'bad_response', message: 'not JSON' }));
  if (!res.ok && res.status !== 202) throw Object.assign(new Error(body.message || res.status), { body });
  return body;
}

// --- tabs
function showTab() {
  const tab = (location.hash || '#ask').slice(1);
  document.querySelectorAll('.tab').forEach((s) => { s.hidden = s.id !== tab; });
  document.querySelectorAll('nav a').forEach((a) => a.classList.toggle('active', a.dataset.tab === tab));
  if (tab === 'dlq') loadDeadLetters();
  if (tab === 'examples' && $('examples-db').value) loadExamples().catch((e) => console.warn('examples:', e.message));
  if (tab === 'dashboard') loadCatalogs();
}
window.addEventListener('hashchange', showTab);

// --- SQL highlighting: keywords, strings and numbers, built as text nodes
const KEYWORDS = new Set(('select from where group by order having join left right inner outer full on as and or not ' +
  'in is null count sum avg min max distinct limit offset case when then else end with union all asc desc between ' +
  'like ilike exists cross using over partition').split(' '));
function highlight(sql) {
  const pre = el('pre', null, 'sql');
  for (const tok of sql.split(/('(?:[^']|'')*'|\b\d+(?:\.\d+)?\b|\b[A-Za-z_]+\b)/)) {
    if (!tok) continue;
    let cls = null;
    if (tok.startsWith("'")) cls = 'str';
    else if (/^\d/.test(tok)) cls = 'num';
    else if (KEYWORDS.has(tok.toLowerCase())) cls = 'kw';
    pre.appendChild(cls ? el('span', tok, cls) : document.createTextNode(tok));
  }
  return pre;
}

// --- Ask
async function loadDatabases() {
  const dbs = await api('/api/databases');
  const option = (d) => { const o = el('option', d.id); o.value = d.id; return o; };
  // "any": the question goes to the database it points to clearly, or fails as ambiguous_database
  const any = el('option', 'any (routed)'); any.value = '';
  $('db').replaceChildren(...dbs.map(option), any);
  $('examples-db').replaceChildren(...dbs.map(option));
  renderCatalogs(dbs);
}

function renderOutcome(o) {
  const box = $('answer');
  box.hidden = false;
  clearRows();
  box.replaceChildren();
  const dl = el('dl');
  const row = (k, v, cls) => { dl.appendChild(el('dt', k)); dl.appendChild(el('dd', v, cls)); };
  if (o.status === 'answered') {
    box.appendChild(el('h2', 'Answer'));
    box.appendChild(highlight(o.sql || ''));
    row('validation', 'valid (EXPLAIN passed)', 'ok');
    row('attempts', o.attempts);
    row('confidence', fmt(o.confidence));
    row('tables used', (o.tablesUsed || []).join(', '));
    row('assumptions', (o.assumptions || []).join('; ') || 'none');
    if (o.explanation) row('explanation', o.explanation);
  } else if (o.status === 'pending') {
    box.appendChild(el('h2', 'Pending'));
    row('id', o.id);
  } else {
    box.appendChild(el('h2', 'Failed', 'bad'));
    row('class', o.errorClass, 'bad');
    if (o.sqlstate) row('SQLSTATE', o.sqlstate);
    if (o.message) row('message', o.message);
    if (o.attempts) row('attempts', o.attempts);
  }
  box.appendChild(dl);
  if (o.status === 'answered' && o.columns) box.appendChild(renderRows(o));
  box.dataset.status = o.status;
}

function renderWhy(ctx) {
  $('why').hidden = false;
  const t = ctx.tokens;
  $('tokens').textContent = `${ctx.strategy}${ctx.fallbackReason ? ' (' + ctx.fallbackReason + ')' : ''}: ` +
    `${t.context} tokens instead of ${t.fullSchema} for the full schema, ${t.saved} saved`;
  $('why-tables').tBodies[0].replaceChildren(...ctx.tables.map((r) => {
    const tr = el('tr');
    tr.dataset.table = r.table;
    [r.rank, r.table, r.reason, fmt(r.score), fmt(r.denseTableScore), `${fmt(r.columnEvidence)} (${r.columnHits})`,
      r.lexicalRank || '–', fmt(r.fusedScore, 3), r.why].forEach((v) => tr.appendChild(el('td', v)));
    return tr;
  }));
  $('join-hints').replaceChildren(...ctx.joinHints.map((h) => el('li', h)));
  $('doc-chunks').replaceChildren(...ctx.docChunks.map((d) =>
    el('li', `${d.table || ''} ${d.kind} (${fmt(d.similarity)}): ${d.content.slice(0, 200)}`)));
}

async function ask(event) {
  event.preventDefault();
  const db = $('db').value;
  const question = $('question').value.trim();
  if (!question) return;
  const button = $('ask-button');
  button.disabled = true;
  renderOutcome({ status: 'pending', id: '…' });
  try {
    const context = api(`/api/context?${db ? `db=${encodeURIComponent(db)}&` : ''}q=${encodeURIComponent(question)}`)
      .then(renderWhy, (e) => { $('why').hidden = true; console.warn('context:', e.message); });
    let outcome = await api('/api/questions?wait=30s', { method: 'POST', body: JSON.stringify(db ? { db, question } : { question }) });
    while (outcome.status === 'pending') {
      await new Promise((r) => setTimeout(r, 1000));
      outcome = await api(`/api/questions/${encodeURIComponent(outcome.id)}`);
    }
    renderOutcome(outcome);
    await context;
  } catch (e) {
    renderOutcome({ status: 'failed', errorClass: e.body ? e.body.code : 'network', message: e.message });
  } finally {
    button.disabled = false;
  }
}

// --- Dashboard from /api/events
const stats = { answered: 0, failed: 0, byClass: {}, times: [], latencies: [] };
function renderStats() {
  const now = Date.now();
  stats.times = stats.times.filter((t) => now - t < 60000);
  $('rate').textContent = (stats.times.length / 60).toFixed(2);
  $('answered').textContent = stats.answered;
  $('failed').textContent = stats.failed;
  const sorted = [...stats.latencies].sort((a, b) => a - b);
  $('latency').textContent = sorted.length ? sorted[Math.floor(sorted.length / 2)] : '–';
  $('failure-classes').replaceChildren(...Object.entries(stats.byClass).map(([k, v]) => el('li', `${k}: ${v}`)));
}
function prepend(list, item, max = 100) {
  list.prepend(item);
  while (list.children.length > max) list.lastChild.remove();
}
// What a feed line says an outcome was: answered, its rows (an executed answer's result), or its failure class.
function outcomeText(e) {
  const d = e.data;
  if (e.type === 'answer') return d.execute ? 'answered, executing' : 'answered';
  if (e.type === 'result') return `${d.rowCount}${d.truncated ? '+' : ''} rows (${d.executionMs} ms)`;
  return d.errorClass;
}
function onEvent(e) {
  const d = e.data;
  if (e.type === 'answer' || e.type === 'result' || e.type === 'failure') {
    if (e.type !== 'result') stats.times.push(Date.now()); // an executed answer's rows follow its answer
    if (typeof d.latencyMs === 'number') { stats.latencies.push(d.latencyMs); stats.latencies = stats.latencies.slice(-500); }
    if (e.type === 'answer') stats.answered++;
    if (e.type === 'failure') { stats.failed++; stats.byClass[d.errorClass] = (stats.byClass[d.errorClass] || 0) + 1; }
    const li = el('li', `${time(e.timestamp)} ${outcomeText(e)} ${d.id || ''}` +
      `${d.latencyMs != null ? ' in ' + d.latencyMs + ' ms' : ''}`, e.type === 'failure' ? 'bad' : 'ok');
    li.dataset.type = e.type;
    prepend($('outcome-feed'), li);
    renderStats();
  } else if (e.type === 'schema_change') {
    const li = el('li', `${time(d.committedAt)} ${d.databaseId} ${d.changeKind} ${d.table}` +
      `${d.column ? '.' + d.column : ''} — committed, waiting for the index…`);
    li.dataset.key = `${d.databaseId}/${d.table}`;
    li.className = 'change';
    prepend($('schema-feed'), li);
  } else if (e.type === 'catalog_update') {
    const waiting = [...$('schema-feed').querySelectorAll('li.change')]
      .filter((li) => li.dataset.key === `${d.databaseId}/${d.table}` && !li.dataset.indexed);
    waiting.forEach((li) => {
      li.dataset.indexed = 'true';
      li.textContent = li.textContent.replace(' — committed, waiting for the index…',
        d.freshnessMs != null ? ` — indexed ${d.freshnessMs} ms after commit` : ' — indexed');
    });
    if (!waiting.length)
      prepend($('schema-feed'), el('li', `${time(e.timestamp)} ${d.databaseId || ''} catalog ${d.dropped ? 'dropped' : 'updated'} ${d.table || d.key}`));
    loadCatalogs();
  }
}
function connectEvents() {
  const source = new EventSource('/api/events');
  source.onopen = () => { $('stream-status').textContent = 'live'; };
  source.onerror = () => { $('stream-status').textContent = 'reconnecting…'; };
  ['answer', 'result', 'failure', 'schema_change', 'catalog_update'].forEach((type) =>
    source.addEventListener(type, (m) => onEvent(JSON.parse(m.data))));
}
function renderCatalogs(dbs) {
  $('catalogs').tBodies[0].replaceChildren(...dbs.map((d) => {
    const tr = el('tr');
    [d.id, d.tables, d.catalogVersion ?? '–', time(d.lastSync)].forEach((v) => tr.appendChild(el('td', v)));
    return tr;
  }));
}
let catalogsTimer = null;
function loadCatalogs() {
  clearTimeout(catalogsTimer); // one load for a burst of catalog updates
  catalogsTimer = setTimeout(() => api('/api/databases').then(renderCatalogs, (e) => console.warn(e.message)), 300);
}

// --- Examples: served and quarantined, a quarantined one with the schema change's reason
async function loadExamples(event) {
  if (event) event.preventDefault();
  const db = $('examples-db').value;
  const stale = $('examples-stale').checked;
  const examples = await api(`/api/examples?db=${encodeURIComponent(db)}&stale=${stale}`);
  const quarantined = examples.filter((x) => x.state === 'quarantined').length;
  $('examples-count').textContent = `${examples.length} example(s), ${quarantined} quarantined`;
  $('examples-rows').replaceChildren(...examples.map((x) => {
    const tr = el('tr', null, x.state === 'quarantined' ? 'bad' : '');
    tr.dataset.state = x.state;
    [x.id, x.source, x.state, x.question, x.tables.join(', '),
      x.reason ? `${x.reason} (since ${new Date(x.quarantinedAt).toLocaleString()})` : '–']
      .forEach((v) => tr.appendChild(el('td', v)));
    return tr;
  }));
}

// --- Dead letters
let currentClass = null;
async function loadDeadLetters() {
  const counts = await api('/api/dlq');
  $('dlq-classes').replaceChildren(...counts.map((c) => {
    const b = el('button', `${c.class} ${c.count}`, c.count ? 'nonzero' : '');
    b.type = 'button';
    b.dataset.class = c.class;
    b.addEventListener('click', () => showClass(c.class));
    const li = el('li'); li.appendChild(b); return li;
  }));
}
async function showClass(name) {
  currentClass = name;
  const body = await api(`/api/dlq/${encodeURIComponent(name)}?limit=100`);
  $('dlq-records').hidden = false;
  $('dlq-title').textContent = `${body.class}: ${body.total} record(s)`;
  $('dlq-replayed').textContent = '';
  $('dlq-rows').replaceChildren(...body.records.map((r) => {
    const tr = el('tr');
    [time(r.timestamp), r.stage, r.errorClass, r.question || '–', r.questionId || '–', r.message].forEach((v) => tr.appendChild(el('td', v)));
    return tr;
  }));
}
async function replay() {
  if (!currentClass) return;
  const r = await api(`/api/dlq/${encodeURIComponent(currentClass)}/replay`, { method: 'POST' });
  $('dlq-replayed').textContent = `replayed ${r.replayed} of ${r.total}`;
}

document.addEventListener('DOMContentLoaded', () => {
  $('ask-form').addEventListener('submit', ask);
  $('dlq-refresh').addEventListener('click', loadDeadLetters);
  $('examples-form').addEventListener('submit', (e) => loadExamples(e).catch((x) => console.warn('examples:', x.message)));
  $('dlq-replay').addEventListener('click', replay);
  showTab();
  loadDatabases().then(() => { if (location.hash === '#examples') return loadExamples(); })
    .catch((e) => console.warn('databases:', e.message));
  connectEvents();
  setInterval(renderStats, 5000);
});
