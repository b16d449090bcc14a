// The SheetLab player (docs/player.md). It reads the run from the JSON block
// #sheetlab-data and draws it; every string from the run goes into the page
// with textContent or setAttribute, never as markup.
(function () {
  'use strict';
  const data = JSON.parse(document.getElementById('sheetlab-data').textContent);
  const SVG = 'http://www.w3.org/2000/svg';
  const LOW = { single: true, seed: true, assumption: true };
  const NOT_POLICIES = { stock: true, app: true, engine: true };
  const USER = { set: 1, swipe: 1, drag: 1, release: 1, rotate: 1, backgroundTap: 1, grabberTap: 1, viewRemoved: 1 };
  const parts = data.parts;
  const total = Math.max(1, ...parts.map((p) => p.drawnEnd));
  let now = 0;
  let playing = false;
  let speed = 1;
  let selected = null;
  let lastFrame = null;

  // The curve a presentation moves along over its transition: a cubic
  // ease-out of the progress (PlayerModel.curve in Swift, docs/player.md).
  function curve(p) {
    const q = Math.min(1, Math.max(0, p));
    return 1 - (1 - q) * (1 - q) * (1 - q);
  }

  function el(name, attrs, parent, text) {
    const node = name.startsWith('svg:') ? document.createElementNS(SVG, name.slice(4)) : document.createElement(name);
    for (const key in attrs || {}) node.setAttribute(key, attrs[key]);
    if (text !== undefined) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }

  function orientationAt(part, t) {
    let o = 'portrait';
    for (const r of part.rotations) if (r[0] <= t) o = r[1];
    return o;
  }

  function layoutAt(part, t) {
    return orientationAt(part, t) === 'landscape' ? part.profile.landscape : part.profile.portrait;
  }

  // The engine's frame for a presentation at t: the last one it reported then.
  function keyframeAt(sheet, t) {
    let k = sheet.frames[0];
    for (const f of sheet.frames) if (f[0] <= t) k = f;
    return k;
  }

  function phaseAt(sheet, t) {
    if (t < sheet.start || (sheet.end !== undefined && t >= sheet.end)) return null;
    if (t < sheet.presented) return 'presenting';
    if (sheet.dismissStart !== undefined && t >= sheet.dismissStart) return 'dismissing';
    return 'presented';
  }

  // Where a presentation is drawn at t, in points: the engine's frame,
  // moved along its transition (a slide from the bottom edge, a fade, a zoom).
  function drawnAt(part, sheet, t) {
    const phase = phaseAt(sheet, t);
    if (!phase) return null;
    const k = keyframeAt(sheet, phase === 'dismissing' ? sheet.dismissStart : t);
    let x = k[1], y = k[2], w = k[3], h = k[4], opacity = 1, progress = 1;
    const screen = layoutAt(part, t);
    let shown = 1; // how far in: 0 off screen, 1 at its frame
    if (phase === 'presenting') {
      progress = sheet.presented > sheet.start ? (t - sheet.start) / (sheet.presented - sheet.start) : 1;
      shown = curve(progress);
    } else if (phase === 'dismissing') {
      progress = sheet.end > sheet.dismissStart ? (t - sheet.dismissStart) / (sheet.end - sheet.dismissStart) : 1;
      shown = sheet.dismissAnimated ? 1 - curve(progress) : 1;
    }
    if (shown < 1) {
      if (sheet.transition === 'crossFade' || sheet.style === 'popover') {
        opacity = shown;
      } else if (sheet.transition === 'zoom') {
        // From a 60-point square at the screen's centre (the engine does not place the source view).
        const s = 60, sx = (screen.width - s) / 2, sy = (screen.height - s) / 2;
        x = sx + (x - sx) * shown;
        y = sy + (y - sy) * shown;
        w = s + (w - s) * shown;
        h = s + (h - s) * shown;
        opacity = Math.min(1, 0.3 + shown);
      } else {
        y = k[2] + (1 - shown) * (screen.height - k[2]);
      }
    }
    return { x, y, width: w, height: h, opacity, shown, phase, placement: k[5], detent: k[6], keyHeight: k[4] };
  }

  // ---- page ------------------------------------------------------------
  const events = [];
  parts.forEach((part, p) => part.events.forEach((e, i) => events.push({ part: p, index: i, e })));
  const times = Array.from(new Set([0, total].concat(
    events.map((x) => x.e.t),
    parts.flatMap((p) => p.expectations.map((x) => x.time)),
    parts.flatMap((p) => p.sheets.flatMap((s) => [s.presented, s.end].filter((v) => v !== undefined)))
  ))).sort((a, b) => a - b);

  const header = el('header', {}, document.body);
  el('h1', {}, header, data.title);
  const profiles = Array.from(new Set(parts.map((p) => p.profile.name)));
  el('p', {}, header, parts.length + ' part' + (parts.length === 1 ? '' : 's') + ' on one time scale · profile' +
    (profiles.length === 1 ? ' ' : 's ') + profiles.join(', ') + ' · ' + events.length + ' event' +
    (events.length === 1 ? '' : 's') + ' · 0–' + total + ' ms');

  const controls = el('div', { class: 'controls', role: 'toolbar' }, document.body);
  const prevButton = el('button', { id: 'prev', title: 'Previous event (,)' }, controls, '◀ event');
  const playButton = el('button', { id: 'play', title: 'Play / pause (space)' }, controls, '▶');
  const nextButton = el('button', { id: 'next', title: 'Next event (.)' }, controls, 'event ▶');
  const speedLabel = el('label', {}, controls, 'speed ');
  const speedSelect = el('select', { id: 'speed', title: 'Speed (- and +)' }, speedLabel);
  const speeds = [0.1, 0.25, 0.5, 1, 2, 4];
  for (const s of speeds) el('option', { value: String(s) }, speedSelect, s + '×');
  speedSelect.value = '1';
  const scrub = el('input', { id: 'scrub', type: 'range', min: '0', max: String(total), step: '1', value: '0',
    'aria-label': 'virtual time (ms)' }, controls);
  const timeOut = el('output', { id: 'time' }, controls, '0 ms');
  el('span', { class: 'keys' }, controls, 'space play · , . events · ← → 10 ms (shift 100) · - + speed · #t=MS');

  const stage = el('div', { class: 'stage' }, document.body);
  const maxHeight = Math.max(...parts.map((p) => Math.max(p.profile.portrait.height, p.profile.landscape.height)));
  // Every device is drawn at one scale: the tallest fits 440 CSS pixels, and
  // all columns side by side fit the window's width while that scale stays
  // above 0.25; past that the columns wrap onto more rows (docs/player.md).
  const columnWidth = (part, scale) => Math.max(250,
    Math.ceil((Math.max(part.profile.portrait.width, part.profile.landscape.width) + 20) * scale) + 22);
  const room = (document.documentElement.clientWidth || window.innerWidth || 1200) - 32;
  const rowWidth = (scale) => parts.reduce((sum, part) => sum + columnWidth(part, scale), 0) + 12 * (parts.length - 1);
  let deviceScale = Math.min(440 / maxHeight, 0.6);
  while (rowWidth(deviceScale) > room && deviceScale > 0.25) deviceScale = Math.max(0.25, deviceScale * 0.96);
  stage.dataset.scale = String(deviceScale);
  const columns = parts.map((part, p) => {
    const column = el('section', { class: 'column', id: 'column-' + part.column, 'data-part': String(part.part),
      'data-profile': part.profile.name }, stage);
    el('h2', { class: 'part-title' }, column, part.label);
    el('p', { class: 'profile' }, column, part.profile.name + ' · ' + part.profile.device + ', iOS ' +
      part.profile.os + ' · ' + part.profile.portrait.width + ' × ' + part.profile.portrait.height + ' pt · ' +
      part.profile.portrait.horizontal + ' width, ' + part.profile.portrait.vertical + ' height');
    const policies = el('p', { class: 'policies' }, column, 'policies: ');
    if (part.policies.length === 0) policies.appendChild(document.createTextNode('none (stock SwiftUI)'));
    part.policies.forEach((name, i) => {
      if (i > 0) policies.appendChild(document.createTextNode(', '));
      el('b', {}, policies, name);
    });
    const scale = deviceScale;
    column.style.width = columnWidth(part, scale) + 'px';
    const svg = el('svg:svg', { class: 'device' }, column);
    const status = el('p', { class: 'status' }, column);
    return { part, p, column, svg, status, scale, orientation: null, layers: null };
  });

  function buildDevice(c, orientation) {
    const part = c.part;
    const L = orientation === 'landscape' ? part.profile.landscape : part.profile.portrait;
    const pad = 10;
    const svg = c.svg;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    svg.setAttribute('viewBox', [-pad, -pad, L.width + 2 * pad, L.height + 2 * pad].join(' '));
    svg.setAttribute('width', String((L.width + 2 * pad) * c.scale));
    svg.setAttribute('height', String((L.height + 2 * pad) * c.scale));
    svg.setAttribute('data-scale', String(c.scale));
    const clip = 'clip-' + part.column;
    const defs = el('svg:defs', {}, svg);
    el('svg:rect', { x: 0, y: 0, width: L.width, height: L.height, rx: 36 }, el('svg:clipPath', { id: clip }, defs));
    el('svg:rect', { class: 'bezel', x: -pad, y: -pad, width: L.width + 2 * pad, height: L.height + 2 * pad, rx: 44 }, svg);
    const screen = el('svg:g', { 'clip-path': 'url(#' + clip + ')' }, svg);
    el('svg:rect', { class: 'screen', x: 0, y: 0, width: L.width, height: L.height }, screen);
    if (L.safeTop > 0) {
      el('svg:rect', { class: 'safe', x: 0, y: 0, width: L.width, height: L.safeTop }, screen);
      el('svg:text', { class: 'content small', x: 24, y: Math.min(L.safeTop - 8, 40) }, screen, '9:41');
    }
    if (L.safeBottom > 0) {
      el('svg:line', { class: 'safe-line', x1: 0, x2: L.width, y1: L.height - L.safeBottom, y2: L.height - L.safeBottom }, screen);
    }
    // The presenter's content: the views that present, in the order they first do.
    const presenters = Array.from(new Set(part.sheets.map((s) => s.presenter).concat(
      part.events.filter((e) => e.p).map((e) => e.p))));
    presenters.slice(0, 6).forEach((name, i) => {
      el('svg:text', { class: 'content', x: 20, y: L.safeTop + 34 + i * 22 }, screen, name);
    });
    el('svg:text', { class: 'content small', x: 20, y: L.safeTop + 34 + Math.min(presenters.length, 6) * 22 }, screen,
      part.profile.device + (orientation === 'landscape' ? ', landscape' : ''));
    const max = L.height - L.maxDetentValue;
    el('svg:line', { class: 'detent-line', x1: 0, x2: L.width, y1: max, y2: max }, screen);
    const layers = part.sheets.map((sheet) => {
      const dim = el('svg:rect', { class: 'dim', x: 0, y: 0, width: L.width, height: L.height, opacity: 0,
        visibility: 'hidden' }, screen);
      const g = el('svg:g', { class: 'sheet ' + sheet.style, id: sheet.id, visibility: 'hidden' }, screen);
      const title = [sheet.presenter + (sheet.modifier ? '.' + sheet.modifier : ''),
        sheet.item !== undefined ? 'item=' + sheet.item : null].filter(Boolean).join('  ');
      el('svg:title', {}, g, title);
      const body = el('svg:rect', { class: 'body', rx: 12 }, g);
      const grabber = el('svg:rect', { class: 'grabber', width: 36, height: 5, rx: 2.5 }, g);
      const label = el('svg:text', {}, g, title);
      const minor = el('svg:text', { class: 'minor' }, g);
      let source = null;
      if (sheet.transition === 'zoom') {
        const s = 60;
        source = el('svg:g', { visibility: 'hidden' }, screen);
        el('svg:rect', { class: 'zoom-source', x: (L.width - s) / 2, y: (L.height - s) / 2, width: s, height: s, rx: 8 }, source);
        el('svg:text', { class: 'zoom-label', x: (L.width - s) / 2, y: (L.height - s) / 2 - 4 }, source,
          'zoom from ' + (sheet.zoomSource || 'its source'));
      }
      return { sheet, dim, g, body, grabber, label, minor, source };
    });
    c.layers = layers;
    c.layout = L;
    c.orientation = orientation;
  }

  function drawColumn(c, t) {
    const part = c.part;
    const o = orientationAt(part, t);
    if (o !== c.orientation) buildDevice(c, o);
    const L = c.layout;
    const lines = [];
    c.column.classList.toggle('ended', t > part.drawnEnd);
    for (const layer of c.layers) {
      const d = drawnAt(part, layer.sheet, t);
      const sheet = layer.sheet;
      if (!d) {
        layer.g.setAttribute('visibility', 'hidden');
        layer.dim.setAttribute('visibility', 'hidden');
        if (layer.source) layer.source.setAttribute('visibility', 'hidden');
        layer.drawn = null;
        continue;
      }
      layer.drawn = d;
      const inset = d.placement === 'inset';
      layer.g.setAttribute('class', 'sheet ' + sheet.style + ' ' + d.phase + (inset ? ' inset' : ' edge'));
      layer.g.setAttribute('visibility', 'visible');
      layer.g.setAttribute('opacity', String(d.opacity));
      // Dimming behind every presentation but a popover, with how far in it is.
      layer.dim.setAttribute('visibility', sheet.style === 'popover' ? 'hidden' : 'visible');
      layer.dim.setAttribute('opacity', String(0.28 * d.shown));
      layer.body.setAttribute('x', String(d.x));
      layer.body.setAttribute('y', String(d.y));
      layer.body.setAttribute('width', String(Math.max(0, d.width)));
      layer.body.setAttribute('height', String(Math.max(0, d.height)));
      // Inset glass sheets are round all round; edge-attached ones run off the screen's corners.
      layer.body.setAttribute('rx', inset ? '28' : sheet.style === 'fullScreen' ? '0' : '12');
      const grabbed = sheet.style === 'sheet';
      layer.grabber.setAttribute('visibility', grabbed ? 'inherit' : 'hidden');
      layer.grabber.setAttribute('x', String(d.x + d.width / 2 - 18));
      layer.grabber.setAttribute('y', String(d.y + 6));
      layer.label.setAttribute('x', String(d.x + 16));
      layer.label.setAttribute('y', String(d.y + 32));
      layer.minor.setAttribute('x', String(d.x + 16));
      layer.minor.setAttribute('y', String(d.y + 50));
      const size = Math.round(d.keyHeight * 10) / 10;
      layer.minor.textContent = [d.detent, size + ' pt', d.placement, d.phase].filter(Boolean).join(' · ');
      if (layer.source) layer.source.setAttribute('visibility', d.phase === 'presented' ? 'hidden' : 'visible');
      lines.push(sheet.presenter + (sheet.modifier ? '.' + sheet.modifier : '') + ': ' + d.phase +
        (d.detent ? ', ' + d.detent : '') + ', ' + size + ' pt' + (d.placement ? ', ' + d.placement : ''));
    }
    const ended = t > part.end ? 'the part ended at ' + part.end + ' ms' : null;
    c.status.textContent = (lines.length ? lines.join('\n') : 'nothing presented') + (ended ? '\n' + ended : '');
    void L;
  }

  // ---- the time axis -----------------------------------------------------
  const timeline = el('div', { class: 'timeline' }, document.body);
  const left = 170, right = 20, trackHeight = 46, top = 26;
  const plotWidth = Math.max(700, Math.min(1600, (window.innerWidth || 1200) - 32 - left - right));
  const axisHeight = top + parts.length * trackHeight + 14;
  const axis = el('svg:svg', { class: 'axis', id: 'axis', width: left + plotWidth + right, height: axisHeight }, timeline);
  const X = (t) => left + (t / total) * plotWidth;
  const step = (() => {
    const raw = total / (plotWidth / 90);
    const mag = Math.pow(10, Math.floor(Math.log10(Math.max(raw, 1))));
    for (const m of [1, 2, 5, 10]) if (m * mag >= raw) return m * mag;
    return 10 * mag;
  })();
  for (let t = 0; t <= total; t += step) {
    const g = el('svg:g', { class: 'tick' }, axis);
    el('svg:line', { x1: X(t), x2: X(t), y1: top - 6, y2: axisHeight - 10 }, g);
    el('svg:text', { x: X(t), y: top - 10, 'text-anchor': 'middle' }, g, t + ' ms');
  }
  function kindClass(e) {
    if (e.s === 'error') return 'error';
    if (e.s === 'warning') return 'warning';
    if (e.src && !NOT_POLICIES[e.src]) return 'policy';
    if (USER[e.k]) return 'user';
    return 'info';
  }
  parts.forEach((part, p) => {
    const y = top + p * trackHeight;
    const g = el('svg:g', { class: 'track', id: 'track-' + part.column, 'data-part': String(part.part) }, axis);
    el('svg:text', { class: 'track-label', x: 8, y: y + 16 }, g, part.label || 'Part ' + part.part);
    el('svg:text', { x: 8, y: y + 30 }, g,
      (part.policies.length ? part.policies.join(', ') : 'stock') + ' · ' + part.profile.name);
    if (part.end < total) el('svg:rect', { class: 'after-end', x: X(part.end), y: y + 2, width: X(total) - X(part.end),
      height: trackHeight - 4 }, g);
    el('svg:line', { class: 'base', x1: left, x2: left + plotWidth, y1: y + trackHeight - 2, y2: y + trackHeight - 2 }, g);
    for (const s of part.sheets) {
      const end = s.end === undefined ? Math.max(part.end, s.presented) : s.end;
      const bars = [['presenting', s.start, s.presented]];
      const shownEnd = s.dismissStart === undefined ? end : s.dismissStart;
      if (shownEnd > s.presented) bars.push(['presented', s.presented, shownEnd]);
      if (s.dismissStart !== undefined && end > s.dismissStart) {
        bars.push([s.dismissAnimated ? 'dismissing' : 'dismissing still', s.dismissStart, end]);
      }
      for (const b of bars) {
        const r = el('svg:rect', { class: 'bar ' + b[0], 'data-sheet': s.id, x: X(b[1]), y: y + 20,
          width: Math.max(1, X(b[2]) - X(b[1])), height: 8 }, g);
        el('svg:title', {}, r, s.presenter + ' ' + b[0] + ' ' + b[1] + '–' + b[2] + ' ms');
      }
    }
    part.events.forEach((e, i) => {
      const cls = kindClass(e);
      const low = e.c && LOW[e.c];
      const line = el('svg:line', { class: 'event ' + cls + (low ? ' low' : ''), x1: X(e.t), x2: X(e.t),
        y1: y + (cls === 'info' ? 30 : 4), y2: y + 18, 'data-index': String(i) }, g);
      el('svg:title', {}, line, e.t + ' ms ' + e.k + (e.p ? ' ' + e.p : '') + (e.r ? ' (' + e.r + (e.c ? ' ' + e.c : '') + ')' : ''));
    });
    part.expectations.forEach((x, i) => {
      const cx = X(x.time), cy = y + 38;
      const mark = el('svg:path', { class: 'expectation ' + (x.passed ? 'passed' : 'failed'),
        d: x.passed ? `M${cx - 5},${cy} l4,4 l7,-8 l1.5,1.5 l-8.5,9.5 l-5.5,-5.5 z`
          : `M${cx - 5},${cy - 5} l10,10 m0,-10 l-10,10`, 'data-time': String(x.time), 'data-index': String(i),
        stroke: x.passed ? 'none' : 'currentColor', 'stroke-width': x.passed ? 0 : 2.5 }, g);
      if (!x.passed) mark.setAttribute('style', 'stroke: var(--fail)');
      el('svg:title', {}, mark, (x.passed ? 'passed: ' : 'FAILED: ') + (x.location ? x.location + ': ' : '') + x.message);
      mark.addEventListener('click', (ev) => { ev.stopPropagation(); seek(x.time); });
    });
  });
  const cursor = el('svg:line', { class: 'cursor', x1: left, x2: left, y1: top - 6, y2: axisHeight - 6 }, axis);
  axis.addEventListener('click', (ev) => {
    const box = axis.getBoundingClientRect();
    const t = ((ev.clientX - box.left) - left) / plotWidth * total;
    if (t >= 0 && t <= total) seek(Math.round(t));
  });

  const legend = el('div', { class: 'legend' }, document.body);
  for (const [c, name] of [['var(--present)', 'presenting'], ['var(--shown)', 'presented'], ['var(--dismiss)', 'dismissing'],
    ['var(--ink)', 'user action'], ['var(--policy)', 'policy decision'], ['var(--warn)', 'warning'], ['var(--error)', 'error'],
    ['var(--pass)', 'expectation passed'], ['var(--fail)', 'expectation failed']]) {
    const s = el('span', {}, legend);
    el('i', { style: 'background:' + c }, s);
    s.appendChild(document.createTextNode(name));
  }
  legend.appendChild(document.createTextNode(' · a dashed tick: the rule rests on a thin source (single, seed, assumption)'));

  // ---- the event list ------------------------------------------------------
  const lower = el('div', { class: 'lower' }, document.body);
  const list = el('div', { class: 'list' }, lower);
  const table = el('table', { class: 'events', id: 'events' }, list);
  const head = el('tr', {}, el('thead', {}, table));
  for (const h of ['part', 'ms', 'kind', 'where', 'detail', 'rule', 'confidence', 'source']) el('th', {}, head, h);
  const tbody = el('tbody', {}, table);
  const rows = [];
  const byPart = parts.map(() => []);
  function addRow(entry) {
    const e = entry.e;
    const cls = kindClass(e);
    const tr = el('tr', { class: 'event ' + cls, 'data-part': String(parts[entry.part].part), 'data-time': String(e.t),
      'data-kind': e.k }, tbody);
    el('td', {}, tr, parts[entry.part].label || String(parts[entry.part].part));
    el('td', { class: 'time' }, tr, String(e.t));
    el('td', { class: 'kind' }, tr, e.k);
    el('td', { class: 'where' }, tr, [e.p ? e.p + (e.m ? '.' + e.m : '') : '', e.i !== undefined ? 'item=' + e.i : '',
      e.d ? 'detent=' + e.d : '', e.h !== undefined ? 'height=' + e.h : ''].filter(Boolean).join('  '));
    el('td', { class: 'detail' }, tr, e.x);
    el('td', { class: 'rule' }, tr, e.r || '');
    const conf = el('td', { class: 'confidence' + (e.c && LOW[e.c] ? ' low' : '') }, tr, e.c || '');
    if (e.c && LOW[e.c]) conf.textContent = '{' + e.r + ' ' + e.c + '}';
    el('td', { class: 'source' }, tr, e.src || '');
    tr.addEventListener('click', () => { select(entry); seek(e.t); });
    entry.row = tr;
    rows.push(entry);
    byPart[entry.part].push(entry);
  }
  // Events and expectations of each part in time order, parts one after another.
  parts.forEach((part, p) => {
    const exps = part.expectations.map((x, i) => ({ x, i }));
    let k = 0;
    part.events.forEach((e, i) => {
      while (k < exps.length && exps[k].x.time < e.t) addExpectation(p, exps[k++]);
      addRow({ part: p, index: i, e });
    });
    while (k < exps.length) addExpectation(p, exps[k++]);
  });
  function addExpectation(p, item) {
    const x = item.x;
    const tr = el('tr', { class: 'expectation ' + (x.passed ? 'passed' : 'failed'), 'data-part': String(parts[p].part),
      'data-time': String(x.time) }, tbody);
    el('td', {}, tr, parts[p].label || String(parts[p].part));
    el('td', { class: 'time' }, tr, String(x.time));
    el('td', { class: 'kind' }, tr, x.passed ? '✓ expect' : '✗ expect');
    el('td', { class: 'where' }, tr, x.location || '');
    el('td', { class: 'detail', colspan: '4' }, tr, x.message);
    tr.addEventListener('click', () => seek(x.time));
  }

  const detail = el('aside', { class: 'detail', id: 'detail' }, lower);
  function select(entry) {
    if (selected) selected.row.classList.remove('selected');
    selected = entry;
    entry.row.classList.add('selected');
    while (detail.firstChild) detail.removeChild(detail.firstChild);
    const e = entry.e;
    const part = parts[entry.part];
    el('h3', {}, detail, e.t + ' ms · ' + e.k);
    const dl = el('dl', {}, detail);
    const add = (k, v) => { if (v !== undefined && v !== null && v !== '') { el('dt', {}, dl, k); el('dd', {}, dl, String(v)); } };
    add('part', part.label);
    add('severity', e.s || 'info');
    add('presenter', e.p);
    add('modifier', e.m);
    add('item', e.i);
    add('phase', e.ph);
    add('detent', e.d);
    add('height', e.h !== undefined ? e.h + ' pt' : undefined);
    add('placement', e.pl);
    add('frame', e.f ? '(' + e.f.join(', ') + ')' : undefined);
    add('rule', e.r);
    add('confidence', e.c ? e.c + (LOW[e.c] ? ' (a thin source: trust it less)' : '') : undefined);
    add('decided by', e.src);
    add('detail', e.x);
    if (e.src && !NOT_POLICIES[e.src]) {
      // What the policy's hook saw, as the timeline tells it: the presenter's presentation then, and held requests.
      const sheet = part.sheets.filter((s) => s.presenter === e.p && s.start <= e.t).pop();
      const phase = sheet ? phaseAt(sheet, e.t) : null;
      let held = 0;
      for (const o of part.events.slice(0, entry.index)) {
        if (o.k === 'queued' && o.p === e.p) held += 1;
        if (o.k === 'presenting' && o.p === e.p && o.src === 'engine' && held > 0) held -= 1;
      }
      add('context seen', 'phase ' + (phase || 'none (nothing shown)') + (sheet && phase ? ' (item ' + (sheet.item || '-') + ')' : '') +
        ' · held ' + held);
    }
  }
  detail.appendChild(document.createTextNode('Click an event to see all it records.'));

  // ---- time ----------------------------------------------------------------
  function render() {
    timeOut.textContent = Math.round(now) + ' ms';
    scrub.value = String(Math.round(now));
    cursor.setAttribute('x1', String(X(now)));
    cursor.setAttribute('x2', String(X(now)));
    for (const c of columns) drawColumn(c, now);
    byPart.forEach((entries) => {
      let current = null;
      for (const entry of entries) {
        const future = entry.e.t > now;
        entry.row.classList.toggle('future', future);
        entry.row.classList.remove('current');
        if (!future) current = entry;
      }
      if (current) current.row.classList.add('current');
    });
  }

  function seek(ms) {
    now = Math.min(total, Math.max(0, Number(ms) || 0));
    render();
    if (!playing) writeHash();
  }

  function writeHash() {
    const hash = '#t=' + Math.round(now);
    if (location.hash !== hash && history.replaceState) {
      try { history.replaceState(null, '', hash); } catch (e) { /* a sandboxed page */ }
    }
  }

  function readHash() {
    const m = /(?:^#|&)t=(\d+(?:\.\d+)?)/.exec(location.hash);
    return m ? Number(m[1]) : null;
  }

  function play(on) {
    playing = on;
    playButton.textContent = on ? '❚❚' : '▶';
    if (on) {
      if (now >= total) now = 0;
      lastFrame = null;
      requestAnimationFrame(tick);
    } else {
      writeHash();
    }
  }

  function tick(stamp) {
    if (!playing) return;
    if (lastFrame !== null) {
      now = Math.min(total, now + (stamp - lastFrame) * speed);
    }
    lastFrame = stamp;
    render();
    if (now >= total) play(false); else requestAnimationFrame(tick);
  }

  function jump(direction) {
    const t = Math.round(now);
    const target = direction > 0 ? times.find((v) => v > t) : times.slice().reverse().find((v) => v < t);
    if (target === undefined) return;
    play(false);
    seek(target);
    const entry = rows.find((r) => r.e.t === target);
    if (entry) select(entry);
  }

  playButton.addEventListener('click', () => play(!playing));
  prevButton.addEventListener('click', () => jump(-1));
  nextButton.addEventListener('click', () => jump(1));
  speedSelect.addEventListener('change', () => { speed = Number(speedSelect.value); });
  scrub.addEventListener('input', () => { play(false); seek(Number(scrub.value)); });
  window.addEventListener('hashchange', () => { const t = readHash(); if (t !== null) seek(t); });
  document.addEventListener('keydown', (ev) => {
    if (ev.target && (ev.target.tagName === 'SELECT' || (ev.target.tagName === 'INPUT' && ev.key !== ' '))) return;
    const big = ev.shiftKey ? 100 : 10;
    switch (ev.key) {
      case ' ': play(!playing); break;
      case ',': jump(-1); break;
      case '.': jump(1); break;
      case 'ArrowLeft': play(false); seek(now - big); break;
      case 'ArrowRight': play(false); seek(now + big); break;
      case 'Home': play(false); seek(0); break;
      case 'End': play(false); seek(total); break;
      case '-': case '+': case '=': {
        const i = speeds.indexOf(speed) + (ev.key === '-' ? -1 : 1);
        if (i >= 0 && i < speeds.length) { speed = speeds[i]; speedSelect.value = String(speed); }
        break;
      }
      default: return;
    }
    ev.preventDefault();
  });

  // ---- --watch: reload when the file was written again -------------------
  if (data.watch) {
    let probe = null;
    window.sheetlabWatch = (generation) => {
      if (generation !== data.watch.generation) {
        location.hash = 't=' + Math.round(now);
        location.reload();
      }
    };
    setInterval(() => {
      if (probe) probe.remove();
      probe = el('script', { src: data.watch.script + '?' + Date.now() }, document.head);
    }, 500);
  }

  // ---- the API tests use -------------------------------------------------------
  window.sheetlab = {
    version: 1,
    /** Moves to `ms` of virtual time (clamped to the run) and draws it. */
    seek(ms) { play(false); seek(ms); return now; },
    /** The current virtual time, ms. */
    time() { return now; },
    /** The run's end on the shared scale, ms. */
    duration() { return total; },
    play() { play(true); },
    pause() { play(false); },
    /**
     * Every presentation drawn now, in every part: its drawn rectangle in
     * points from the screen's top left (read back from the page), its
     * phase, placement, detent and opacity.
     */
    frames() {
      const out = [];
      for (const c of columns) {
        for (const layer of c.layers) {
          if (!layer.drawn) continue;
          const b = layer.body;
          const s = layer.sheet;
          out.push({ part: c.part.part, column: c.part.column, id: s.id, presenter: s.presenter,
            modifier: s.modifier === undefined ? null : s.modifier, item: s.item === undefined ? null : s.item,
            style: s.style, transition: s.transition, phase: layer.drawn.phase,
            x: b.x.baseVal.value, y: b.y.baseVal.value, width: b.width.baseVal.value, height: b.height.baseVal.value,
            placement: layer.drawn.placement, detent: layer.drawn.detent, opacity: layer.drawn.opacity });
        }
      }
      return out;
    },
    /** The curve transitions move along (docs/player.md). */
    curve,
    /** The embedded data, as parsed. */
    data() { return data; },
  };

  const start = readHash();
  seek(start === null ? 0 : start);
})();
