// The reference game page's behaviour, served as a file because the CSP
// allows no inline script (src/server/games/pages.ts). Plain browser
// JavaScript with no build step: the page belongs to the game provider, not
// to the SPA. Words come from the page's JSON block (texts.ts).
//
// Every round has an id chosen here. A spin whose answer is lost (a dropped
// connection) is sent again with the same id, and the server answers the
// round it already played instead of playing another one.

const REQUESTED_WITH = 'XMLHttpRequest';
/** The shortest time a round animates, so a fast answer still reads as a spin. */
const MIN_SPIN_MS = 900;
const REEL_STOP_GAP_MS = 280;
const RETRIES = 2;

const body = document.body;
const code = body.dataset.game ?? '';
const category = body.dataset.category ?? 'slot';
const texts = JSON.parse(document.getElementById('game-texts')?.textContent ?? '{}');
const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
const numbers = new Intl.NumberFormat(document.documentElement.lang, { maximumFractionDigits: 2 });
/** The reel symbols the page draws (its sprite: `sym-seven`, …), to spin through. */
const SYMBOLS = [...document.querySelectorAll('.sprite symbol')].map((symbol) => symbol.id.replace('sym-', ''));

const el = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const ui = {
  credits: el('credits'),
  player: el('player'),
  message: el('message'),
  bet: el('bet'),
  betDown: /** @type {HTMLButtonElement} */ (el('bet-down')),
  betUp: /** @type {HTMLButtonElement} */ (el('bet-up')),
  play: /** @type {HTMLButtonElement} */ (el('play')),
  board: /** @type {HTMLElement} */ (document.querySelector('.board')),
};
const pickButtons = /** @type {HTMLButtonElement[]} */ ([...document.querySelectorAll('[data-pick], [data-digit]')]);

const state = {
  ready: false,
  busy: false,
  credits: 0,
  /** @type {number[]} */
  betSteps: [],
  betIndex: 0,
  /** @type {string | null} sport: home | away; lotto: two digits; slot: none */
  pick: category === 'sport' ? 'home' : category === 'lotto' ? '00' : null,
};

const fill = (text, values) => String(text).replace(/\{(\w+)\}/g, (mark, name) => (name in values ? String(values[name]) : mark));
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function say(text, tone = 'info') {
  ui.message.textContent = text;
  ui.message.dataset.tone = tone;
}

function render() {
  ui.credits.textContent = state.ready ? numbers.format(state.credits) : '–';
  const bet = state.betSteps[state.betIndex];
  ui.bet.textContent = bet === undefined ? '–' : numbers.format(bet);
  ui.betDown.disabled = !state.ready || state.busy || state.betIndex === 0;
  ui.betUp.disabled = !state.ready || state.busy || state.betIndex >= state.betSteps.length - 1;
  ui.play.disabled = !state.ready || state.busy;
  for (const button of pickButtons) button.disabled = !state.ready || state.busy;
  ui.board.classList.toggle('busy', state.busy);
}

/** The server's message code as words for the player. */
function errorText(message) {
  if (message === 'MONEY_NOT_ENOUGH') return texts.moneyNotEnough;
  if (message === 'invalid-token') return texts.sessionEnded;
  if (message === 'NO_GAME') return texts.gameClosed;
  if (message === 'gone') return texts.serviceGone;
  return texts.failed;
}

/** One call to the game's API; null when the network failed. */
async function call(path, init = {}) {
  try {
    const response = await fetch(path, {
      ...init,
      credentials: 'same-origin',
      headers: { 'X-Requested-With': REQUESTED_WITH, ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    });
    const data = await response.json().catch(() => ({}));
    return { ok: response.ok, data };
  } catch {
    return null;
  }
}

/** 16 random bytes in hex; crypto.randomUUID needs https, getRandomValues does not. */
function newRoundId() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

// ---------------------------------------------------------------- animations per category

function setSymbol(reel, name) {
  reel.querySelector('use')?.setAttribute('href', `#sym-${name}`);
  reel.dataset.symbol = name;
}

/**
 * Each animation runs until `stop(outcome)`; outcome null means the round
 * failed and the board returns to rest.
 */
const animations = {
  slot() {
    const reels = [...document.querySelectorAll('.reel')];
    const before = reels.map((reel) => reel.dataset.symbol ?? 'seven');
    const timers = reels.map((reel) => {
      reel.classList.add('spinning');
      let index = Math.floor(Math.random() * SYMBOLS.length);
      return reducedMotion ? 0 : setInterval(() => setSymbol(reel, SYMBOLS[(index = (index + 1) % SYMBOLS.length)]), 70);
    });
    return async (outcome) => {
      for (const [i, reel] of reels.entries()) {
        clearInterval(timers[i]);
        // A failed round shows the reels as they were: nothing was played.
        setSymbol(reel, outcome ? outcome[i] : before[i]);
        reel.classList.remove('spinning');
        if (!reducedMotion && outcome && i < reels.length - 1) await wait(REEL_STOP_GAP_MS);
      }
      if (outcome) el('reels').setAttribute('aria-label', `${texts.reels}: ${outcome.map((s) => texts[s] ?? s).join(', ')}`);
    };
  },
  sport() {
    const goals = [el('goals-home'), el('goals-away')];
    const timer = reducedMotion ? 0 : setInterval(() => goals.forEach((g) => (g.textContent = String(Math.floor(Math.random() * 5)))), 110);
    return async (outcome) => {
      clearInterval(timer);
      const [home, away] = outcome ? [outcome[1], outcome[2]] : ['0', '0'];
      goals[0].textContent = home;
      goals[1].textContent = away;
      el('pitch').dataset.winner = outcome ? outcome[0] : '';
    };
  },
  lotto() {
    const ball = el('drawn');
    const timer = reducedMotion ? 0 : setInterval(() => (ball.textContent = String(Math.floor(Math.random() * 100)).padStart(2, '0')), 70);
    return async (outcome) => {
      clearInterval(timer);
      ball.textContent = outcome ? outcome[0] : '--';
    };
  },
};

function resultText(round) {
  const won = round.win > 0 ? fill(texts.win, { win: numbers.format(round.win) }) : texts.lose;
  if (category === 'sport') return `${fill(texts.score, { home: round.outcome[1], away: round.outcome[2] })}. ${won}`;
  if (category === 'lotto') return `${fill(texts.drawn, { number: round.outcome[0] })}. ${won}`;
  return won;
}

// ---------------------------------------------------------------- playing

async function load() {
  const answer = await call(`/games/api/state?game=${encodeURIComponent(code)}`);
  if (answer === null) return say(texts.network, 'error');
  if (!answer.ok) return say(answer.data.message === 'invalid-token' ? texts.openFromWallet : errorText(answer.data.message), 'error');
  state.credits = answer.data.credits;
  state.betSteps = answer.data.betSteps;
  state.ready = true;
  ui.player.textContent = `${texts.player}: ${answer.data.username}`;
  say(texts.ready);
  render();
}

async function playRound() {
  if (!state.ready || state.busy) return;
  const bet = state.betSteps[state.betIndex];
  state.busy = true;
  ui.board.classList.remove('won');
  say('');
  render();

  const stop = animations[category]();
  const shortest = wait(reducedMotion ? 0 : MIN_SPIN_MS);
  const request = { method: 'POST', body: JSON.stringify({ game: code, roundId: newRoundId(), bet, pick: state.pick }) };
  let answer = await call('/games/api/spin', request);
  // The same round id again: if the first attempt did reach the server, this returns that round.
  for (let attempt = 1; answer === null && attempt <= RETRIES; attempt += 1) {
    await wait(600 * attempt);
    answer = await call('/games/api/spin', request);
  }
  await shortest;

  if (answer?.ok) {
    await stop(answer.data.outcome);
    state.credits = answer.data.credits;
    ui.board.classList.toggle('won', answer.data.win > 0);
    say(resultText(answer.data), answer.data.win > 0 ? 'win' : 'info');
  } else {
    await stop(null);
    say(answer === null ? texts.network : errorText(answer.data.message), 'error');
    if (answer?.data.message === 'invalid-token') state.ready = false;
  }
  state.busy = false;
  render();
}

ui.play.addEventListener('click', () => void playRound());
ui.betDown.addEventListener('click', () => {
  state.betIndex = Math.max(0, state.betIndex - 1);
  render();
});
ui.betUp.addEventListener('click', () => {
  state.betIndex = Math.min(state.betSteps.length - 1, state.betIndex + 1);
  render();
});

for (const button of document.querySelectorAll('[data-pick]')) {
  button.addEventListener('click', () => {
    state.pick = button.getAttribute('data-pick');
    for (const other of document.querySelectorAll('[data-pick]')) other.setAttribute('aria-pressed', String(other === button));
  });
}

for (const button of document.querySelectorAll('[data-digit]')) {
  button.addEventListener('click', () => {
    const index = Number(button.getAttribute('data-digit'));
    const digits = (state.pick ?? '00').split('').map(Number);
    digits[index] = (digits[index] + Number(button.getAttribute('data-step')) + 10) % 10;
    state.pick = digits.join('');
    el(`digit-${index}`).textContent = String(digits[index]);
  });
}

render();
void load();
