// Orca Games' game page: reads its boot data, shows the balance from the operator's wallet (through Orca's own
// API), plays rounds and tells the framing game room after each one (postMessage), as the house studio does.
const boot = JSON.parse(document.getElementById('orca-boot').textContent);
const strings = boot.strings;
const $ = (id) => document.getElementById(id);
const STAKE_STEPS = [10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000].filter((step) => step >= boot.minMinor && step <= boot.maxMinor);
let stakeIndex = Math.max(0, STAKE_STEPS.indexOf(100));
let busy = false;

const formatter = new Intl.NumberFormat(boot.locale.replace(/^vm-VI$/, 'vi-VN').replace(/^vm-TH$/, 'th-TH'), {
  minimumFractionDigits: boot.fractionDigits,
  maximumFractionDigits: boot.fractionDigits,
});
function money(minor) {
  return `${boot.symbol} ${formatter.format(minor / 100)}`;
}

function player() {
  return { token: boot.token, user: boot.user, game_id: boot.gameId, currency: boot.currency };
}

async function call(path, body) {
  const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await response.json().catch(() => ({ error: 'default' }));
  return { ok: response.ok, json };
}

function say(text, tone) {
  const message = $('orca-message');
  message.textContent = text;
  message.dataset.tone = tone ?? '';
}

function errorText(code) {
  return strings.errors[code] ?? strings.errors.default;
}

function showStake() {
  $('orca-stake').textContent = money(STAKE_STEPS[stakeIndex]);
  $('orca-less').disabled = busy || stakeIndex === 0;
  $('orca-more').disabled = busy || stakeIndex === STAKE_STEPS.length - 1;
  $('orca-play').disabled = busy;
}

function cell(text, className) {
  const span = document.createElement('span');
  span.className = className;
  span.textContent = text;
  return span;
}

/**
 * Orca's art over the engines' symbols: letters for the low cards, plain glyphs (in every system font, no emoji
 * needed) for the rest, and a `data-tier` the style colours: wild, high, mid, low.
 */
const SYMBOLS = {
  A: ['A', 'low'],
  K: ['K', 'low'],
  Q: ['Q', 'low'],
  J: ['J', 'low'],
  wild: ['W', 'wild'],
  pearl: ['◆', 'high'],
  piranha: ['♛', 'high'],
  shell: ['✦', 'mid'],
  starfish: ['★', 'mid'],
  turtle: ['●', 'mid'],
  koi: ['♥', 'high'],
  dragon: ['♠', 'high'],
  lantern: ['☀', 'mid'],
  fan: ['▲', 'mid'],
  coin: ['◎', 'mid'],
  seven: ['7', 'high'],
  bar1: ['▬', 'mid'],
  bar2: ['〓', 'mid'],
  bar3: ['≡', 'mid'],
  bell: ['♪', 'mid'],
  cherry: ['♦', 'low'],
};
const pct = (hundredths) => (hundredths / 100).toFixed(2);

/** The outcome drawn as the engine reports it: reels for slots, a number or two for the others. */
function showOutcome(outcome) {
  const stage = $('orca-stage');
  stage.replaceChildren();
  switch (outcome.kind) {
    case 'slot': {
      const grid = document.createElement('div');
      grid.className = 'orca-reels';
      grid.style.setProperty('--reels', String(outcome.spins[0].window.length));
      const rows = outcome.spins[0].window[0].length;
      for (let row = 0; row < rows; row += 1)
        for (const reel of outcome.spins[0].window) {
          const [glyph, tier] = SYMBOLS[reel[row]] ?? [reel[row], 'low'];
          const symbol = cell(glyph, 'orca-symbol');
          symbol.dataset.tier = tier;
          grid.append(symbol);
        }
      stage.append(grid);
      if (outcome.spins.length > 1) stage.append(cell(strings.freeSpins.replace('{n}', String(outcome.spins.length - 1)), 'orca-detail'));
      return;
    }
    case 'dice':
      stage.append(cell(pct(outcome.roll), 'orca-big'), cell(`${outcome.direction === 'under' ? '<' : '>'} ${pct(outcome.target)}`, 'orca-detail'));
      return;
    case 'limbo':
      stage.append(cell(`${pct(outcome.result)}×`, 'orca-big'), cell(`≥ ${pct(outcome.target)}×`, 'orca-detail'));
      return;
    case 'plinko': {
      const path = outcome.path.map((step) => (step ? '↘' : '↙')).join('');
      stage.append(cell(`${(outcome.multiplierBp / 10000).toFixed(2)}×`, 'orca-big'), cell(path, 'orca-detail'));
      return;
    }
    case 'keno': {
      const drawn = new Set(outcome.drawn);
      const row = document.createElement('div');
      row.className = 'orca-keno';
      for (const pick of outcome.picks) row.append(cell(String(pick), drawn.has(pick) ? 'orca-ball orca-hit' : 'orca-ball'));
      stage.append(cell(`${outcome.hits} / ${outcome.picks.length}`, 'orca-big'), row);
      return;
    }
    case 'roulette':
      stage.append(cell(String(outcome.number), 'orca-big orca-pocket'));
      return;
    case 'baccarat':
      stage.append(cell(`${outcome.playerTotal} : ${outcome.bankerTotal}`, 'orca-big'), cell(strings.sides[outcome.result], 'orca-detail'));
      return;
    default:
      stage.append(cell('—', 'orca-big'));
  }
}

function tellRoom(roundId, balanceMinor) {
  if (window.parent === window) return;
  // Only the operator's origin may frame this page (CSP frame-ancestors); Chromium also names it.
  const target = window.location.ancestorOrigins?.[0] ?? '*';
  window.parent.postMessage({ type: 'piranha:studio-round', roundId, balanceMinor, currency: boot.currency }, target);
}

async function refreshBalance() {
  const { ok, json } = await call('/api/balance', player());
  if (ok) $('orca-balance').textContent = money(json.balance_minor);
  else say(errorText(json.error), 'error');
}

async function play() {
  if (busy) return;
  busy = true;
  showStake();
  $('orca-play').textContent = strings.playing;
  say('');
  try {
    const { ok, json } = await call('/api/round', { ...player(), stake_minor: STAKE_STEPS[stakeIndex] });
    if (!ok) {
      say(errorText(json.error), 'error');
      await refreshBalance();
      return;
    }
    showOutcome(json.outcome);
    if (json.balance_minor !== undefined) $('orca-balance').textContent = money(json.balance_minor);
    say(json.win_minor > 0 ? `${strings.win} ${money(json.win_minor)}` : strings.noWin, json.win_minor > 0 ? 'win' : '');
    tellRoom(json.round_id, json.balance_minor ?? 0);
  } catch {
    say(strings.errors.default, 'error');
  } finally {
    busy = false;
    $('orca-play').textContent = strings.play;
    showStake();
  }
}

$('orca-less').addEventListener('click', () => {
  stakeIndex = Math.max(0, stakeIndex - 1);
  showStake();
});
$('orca-more').addEventListener('click', () => {
  stakeIndex = Math.min(STAKE_STEPS.length - 1, stakeIndex + 1);
  showStake();
});
$('orca-play').addEventListener('click', () => void play());
// Before the first round the board says what to do, rather than standing empty.
$('orca-stage').replaceChildren(cell(strings.ready, 'orca-detail'));
showStake();
void refreshBalance();
