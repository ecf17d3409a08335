/**
 * The reference game pages' HTML. The page is plain markup with its words
 * already in the chosen language; play.js (a separate file: the CSP allows
 * no inline script) fetches the balance and plays rounds. The JSON block of
 * texts is data, not script, so the CSP lets it be.
 */
import type { GameCategory } from '../../../contract/api.ts';
import type { Game } from '../provider.ts';
import { expectedReturn, LOTTO_MULTIPLIER, SLOT_REEL, SLOT_THREE, SLOT_TWO, SPORT_MULTIPLIER, type SlotSymbol } from '../paytable.ts';
import { fill, PAGE_TEXTS, type PageLanguage, type PageTexts } from './texts.ts';

const ASSETS = '/games/assets';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON inside <script type="application/json">: `<` escaped so no text can close the element. */
function jsonData(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Original symbol art for the reels, drawn once and used by reference (`<use href="#sym-…">`). */
const SYMBOL_SPRITE = `<svg class="sprite" aria-hidden="true" focusable="false">
<symbol id="sym-seven" viewBox="0 0 100 100"><path d="M20 16h62v14L52 86H31l29-54H20z" fill="#e53935" stroke="#ffd54f" stroke-width="5" stroke-linejoin="round"/></symbol>
<symbol id="sym-elephant" viewBox="0 0 100 100"><ellipse cx="22" cy="46" rx="17" ry="22" fill="#b0bec5"/><ellipse cx="78" cy="46" rx="17" ry="22" fill="#b0bec5"/><circle cx="50" cy="44" r="23" fill="#8fa3ad"/><path d="M43 54h14v18q0 8 9 8v9q-23 0-23-19z" fill="#8fa3ad"/><circle cx="41" cy="40" r="3.5" fill="#263238"/><circle cx="59" cy="40" r="3.5" fill="#263238"/><path d="M39 58q-3 8 2 14M61 58q3 8-2 14" stroke="#fffde7" stroke-width="4" fill="none" stroke-linecap="round"/><path d="M50 18l8 12H42z" fill="#ffd54f"/></symbol>
<symbol id="sym-lotus" viewBox="0 0 100 100"><g fill="#f8bbd0" stroke="#ad1457" stroke-width="2"><path d="M50 80C32 82 14 72 8 58c16-3 34 7 42 22z"/><path d="M50 80c18 2 36-8 42-22-16-3-34 7-42 22z"/><path d="M50 78C30 72 20 52 24 34c14 6 24 24 26 44z"/><path d="M50 78c20-6 30-26 26-44-14 6-24 24-26 44z"/></g><path d="M50 16c13 17 13 43 0 62-13-19-13-45 0-62z" fill="#f06292" stroke="#ad1457" stroke-width="2"/><path d="M22 88h56" stroke="#43a047" stroke-width="5" stroke-linecap="round"/></symbol>
<symbol id="sym-bell" viewBox="0 0 100 100"><circle cx="50" cy="13" r="6" fill="#f57f17"/><path d="M50 17c-18 0-28 14-28 33v13l-9 11h74l-9-11V50c0-19-10-33-28-33z" fill="#ffca28" stroke="#f57f17" stroke-width="3"/><circle cx="50" cy="82" r="7" fill="#f57f17"/><path d="M33 44q3-13 14-16" stroke="#fff8e1" stroke-width="4" fill="none" stroke-linecap="round"/></symbol>
<symbol id="sym-coin" viewBox="0 0 100 100"><circle cx="50" cy="50" r="37" fill="#ffc107" stroke="#ff8f00" stroke-width="5"/><circle cx="50" cy="50" r="26" fill="none" stroke="#ffe082" stroke-width="3"/><rect x="40" y="40" width="20" height="20" rx="2" fill="#6d4c41"/></symbol>
<symbol id="sym-cherry" viewBox="0 0 100 100"><path d="M34 62C38 40 52 26 70 16M64 64c-2-20 0-34 6-48" stroke="#2e7d32" stroke-width="4" fill="none" stroke-linecap="round"/><path d="M70 16c10-5 20-1 23 7-11 4-19 2-23-7z" fill="#43a047"/><circle cx="33" cy="70" r="16" fill="#d32f2f"/><circle cx="65" cy="72" r="16" fill="#c62828"/><circle cx="28" cy="64" r="4" fill="#ffcdd2"/><circle cx="60" cy="66" r="4" fill="#ffcdd2"/></symbol>
</svg>`;

function symbol(name: SlotSymbol, className = 'symbol'): string {
  return `<svg class="${className}" aria-hidden="true" focusable="false"><use href="#sym-${name}"/></svg>`;
}

function slotBoard(t: PageTexts): string {
  const reel = `<div class="reel">${symbol('seven')}</div>`;
  return `<div class="reels" id="reels" role="img" aria-label="${escapeHtml(t.reels)}">${reel}${reel}${reel}</div>`;
}

function sportBoard(t: PageTexts): string {
  const team = (side: 'home' | 'away') =>
    `<div class="team ${side}"><span class="badge" aria-hidden="true"></span><span class="team-name">${escapeHtml(t[side])}</span><output class="goals" id="goals-${side}">0</output></div>`;
  const pick = (side: 'home' | 'away', pressed: boolean) =>
    `<button type="button" class="choice" data-pick="${side}" aria-pressed="${pressed}">${escapeHtml(t[side])}</button>`;
  return `<div class="pitch" id="pitch">${team('home')}<span class="versus" aria-hidden="true">:</span>${team('away')}</div>
<fieldset class="pick"><legend>${escapeHtml(t.pickSide)}</legend><div class="choices">${pick('home', true)}${pick('away', false)}</div></fieldset>`;
}

function lottoBoard(t: PageTexts): string {
  const digit = (index: 0 | 1, up: string, down: string) =>
    `<div class="digit"><button type="button" class="step" data-digit="${index}" data-step="1" aria-label="${escapeHtml(up)}">▲</button><output class="digit-value" id="digit-${index}">0</output><button type="button" class="step" data-digit="${index}" data-step="-1" aria-label="${escapeHtml(down)}">▼</button></div>`;
  return `<fieldset class="pick"><legend>${escapeHtml(t.pickNumber)}</legend><div class="digits">${digit(0, t.tensUp, t.tensDown)}${digit(1, t.unitsUp, t.unitsDown)}</div></fieldset>
<div class="drawn"><span class="ball" id="drawn" aria-hidden="true">--</span></div>`;
}

function paytable(category: GameCategory, t: PageTexts): string {
  const rtp = Math.round(expectedReturn(category) * 1000) / 10;
  let rows: string;
  if (category === 'slot') {
    const line = (icons: string, label: string, pays: number) =>
      `<li><span class="icons">${icons}</span><span class="rule">${escapeHtml(label)}</span><span class="pays">×${pays}</span></li>`;
    rows = SLOT_REEL.map(({ symbol: s }) => line(symbol(s, 'mini').repeat(3), `${t.threeAlike}: ${t[s]}`, SLOT_THREE[s])).join('');
    rows += Object.entries(SLOT_TWO)
      .map(([s, pays]) => line(symbol(s as SlotSymbol, 'mini').repeat(2), `${t.firstTwoAlike}: ${t[s as SlotSymbol]}`, pays))
      .join('');
  } else {
    const rule = category === 'sport' ? fill(t.sportRule, { x: SPORT_MULTIPLIER }) : fill(t.lottoRule, { x: LOTTO_MULTIPLIER });
    rows = `<li><span class="rule">${escapeHtml(rule)}</span></li>`;
  }
  return `<details class="paytable"><summary>${escapeHtml(t.paytable)}</summary><ul>${rows}</ul><p class="rtp">${escapeHtml(fill(t.rtp, { rtp }))}</p></details>`;
}

const BOARDS: Record<GameCategory, (t: PageTexts) => string> = { slot: slotBoard, sport: sportBoard, lotto: lottoBoard };
const PLAY_WORD: Record<GameCategory, keyof PageTexts> = { slot: 'spin', sport: 'play', lotto: 'draw' };

function documentOf(lang: PageLanguage, title: string, bodyAttributes: string, body: string, texts?: PageTexts): string {
  const script = texts
    ? `<script type="application/json" id="game-texts">${jsonData(texts)}</script><script type="module" src="${ASSETS}/play.js"></script>`
    : '';
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="color-scheme" content="dark">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${ASSETS}/play.css">
${script}
</head>
<body ${bodyAttributes}>
${body}
</body>
</html>
`;
}

/** The game page: the board of the game's category, the balance, the bet and the play button. */
export function renderGamePage(game: Game, lang: PageLanguage): string {
  const t = PAGE_TEXTS[lang];
  const body = `${game.category === 'slot' ? SYMBOL_SPRITE : ''}
<main class="game">
<header class="top"><img class="logo" src="${escapeHtml(game.logo)}" alt="" width="56" height="56"><h1>${escapeHtml(game.name)}</h1></header>
<section class="balance"><span class="label">${escapeHtml(t.credits)}</span><output id="credits" aria-live="polite">–</output><span class="player" id="player"></span></section>
<section class="board">${BOARDS[game.category](t)}</section>
<p class="message" id="message" role="status">${escapeHtml(t.loading)}</p>
<section class="controls">
<div class="bet" role="group" aria-labelledby="bet-label"><span class="label" id="bet-label">${escapeHtml(t.bet)}</span><button type="button" class="step" id="bet-down" aria-label="${escapeHtml(t.betDown)}" disabled>−</button><output id="bet">–</output><button type="button" class="step" id="bet-up" aria-label="${escapeHtml(t.betUp)}" disabled>+</button></div>
<button type="button" class="play" id="play" disabled>${escapeHtml(t[PLAY_WORD[game.category]])}</button>
</section>
${paytable(game.category, t)}
</main>`;
  return documentOf(lang, game.name, `class="category-${game.category}" data-game="${escapeHtml(game.code)}" data-category="${game.category}"`, body, t);
}

/** A page that only says why the game cannot open (expired link, wrong credentials, unknown game). */
export function renderMessagePage(lang: PageLanguage, message: keyof PageTexts, game?: Game): string {
  const t = PAGE_TEXTS[lang];
  const heading = game ? `<header class="top"><img class="logo" src="${escapeHtml(game.logo)}" alt="" width="56" height="56"><h1>${escapeHtml(game.name)}</h1></header>` : '';
  return documentOf(lang, game?.name ?? t[message], 'class="notice"', `<main class="game">${heading}<p class="message alone" role="alert">${escapeHtml(t[message])}</p></main>`);
}
