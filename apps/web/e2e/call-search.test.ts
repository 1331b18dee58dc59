/**
 * Search inside every call, end to end in Chromium against the real server. A member on a paid plan (an account of
 * this file's own, made Pro the way an operator does it) searches "guidance cut", narrows the results to a sector,
 * opens a hit and lands on its passage, marked and scrolled into view in the transcript, and saves the search as a
 * keyword alert. Then they use the header search to save a word that a live demo call has not said yet but is
 * about to. The call says it, and the alert for that sentence arrives in the local mailbox (/dev/mail). The query
 * language, ranking, filters and the alert rules are tested in the domain's and the service tier's files. What the
 * page shows for each answer is tested in call-search-page.test.tsx.
 */
import type { CalendarEvent, FileWithContent, ResponseOf, SavedCallSearch, searchCalls } from '@eh/contracts';
import { CALL_SEARCH_SECTORS, type CallScript, callScript, PRO_PLAN, parseCallSearch } from '@eh/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fileBrowser, navigateInApp, openPage } from './browser.ts';
import { liveReplay } from './live-call-data.ts';
import { type Account, adminToken, api, apiAs, idToken, newAccount } from './support.ts';

const baseUrl = inject('baseUrl');
const QUERY = 'guidance cut';
/**
 * How far ahead the sentence chosen for the live alert must end. This leaves the member time to type the word in
 * the header search and save it before the call says it.
 */
const SAVE_AHEAD_MS = 6_000;

type Search = ResponseOf<typeof searchCalls>;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let account: Account;
let token: string;

const searchApi = (q: string, sector?: string) =>
  api<Search>(
    `/pricing/transcripts/search?q=${encodeURIComponent(q)}${sector ? `&sector=${encodeURIComponent(sector)}` : ''}`,
  );

/** The sector of each symbol, as the market's asset profiles say. */
async function sectorsOf(symbols: readonly string[]): Promise<Map<string, string | null>> {
  const unique = [...new Set(symbols)];
  const { assets } = await api<{ assets: { symbol: string; sector: string | null }[] }>(
    `/pricing/assets/info?stocks=${unique.join(',')}`,
  );
  return new Map(assets.map((asset) => [asset.symbol, asset.sector]));
}

/** How many calls the page says mention the query. */
async function shownTotal(): Promise<number> {
  const text = await page.getByTestId('call-search-total').innerText();
  const count = /^([\d,]+) calls? mention it\.$/.exec(text)?.[1];
  if (count === undefined) throw new Error(`the page shows no total: ${text}`);
  return Number(count.replaceAll(',', ''));
}

/** The companies of the hits on the page, in order. */
const shownSymbols = () =>
  page.getByTestId('call-hit').evaluateAll((hits) => hits.map((hit) => hit.getAttribute('data-symbol') ?? ''));

/** The marked passage's box lies inside the viewport. */
const markInView = () =>
  page.getByTestId('cited-passage').evaluate((mark) => {
    const box = mark.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
  });

/**
 * The first sentence of the call's script that ends at `fromMs` or later and has a word the call has not said
 * before. The word and any earlier word cannot share a stem: they differ within their first four letters, and a
 * shorter earlier word is not the beginning of this one. Only lower-case words of six letters or more are
 * considered, so the search reads the word as a word and not as a symbol or a stop word.
 */
function freshWordAhead(script: CallScript, fromMs: number) {
  const said = new Set<string>();
  const sharesStem = (word: string) =>
    [...said].some((earlier) => word.startsWith(earlier.slice(0, 4)) || earlier.startsWith(word.slice(0, 4)));
  for (const segment of script.segments) {
    const words = segment.text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    if (segment.endMs >= fromMs) {
      const word = words.find(
        (candidate) =>
          /^[a-z]{6,}$/.test(candidate) && !sharesStem(candidate) && parseCallSearch(candidate).kind === 'query',
      );
      if (word) return { segment, word };
    }
    for (const word of words) said.add(word.toLowerCase());
  }
  return null;
}

beforeAll(async () => {
  browser = await fileBrowser();
  // A fresh member: its saved searches and its mail are this file's alone. The pro demo member's mail is read by
  // the alert files.
  account = await newAccount('call-search');
  token = await idToken(account);
  expect((await apiAs(token, '/core/users/me')).status).toBe(200);
  const plan = await fetch(`${baseUrl}/api/admin/users/plan`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-admin-token': adminToken() },
    body: JSON.stringify({ email: account.email, plan: PRO_PLAN }),
  });
  expect(plan.status, await plan.clone().text()).toBe(200);
  ({ context, page, errors } = await openPage(browser, baseUrl));
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  // The saved searches would alert for every later live call of the run.
  if (token) {
    const { body } = await apiAs<{ searches: SavedCallSearch[] }>(token, '/core/users/me/call-searches');
    for (const search of body.searches ?? [])
      await apiAs(token, `/core/users/me/call-searches/${search.id}`, { method: 'DELETE' });
  }
});

describe('search inside every call', () => {
  it('finds "guidance cut" in a sector, opens the passage, saves the search, and a live call’s word alerts by email', async () => {
    // The oracle for the sector filter: a sector of one of the hits that holds some of the calls but not all of them.
    const everywhere = await searchApi(QUERY);
    // Transcripts only (the default source): every hit is a company's call.
    const companies = everywhere.calls.flatMap((call) => (call.symbol ? [call.symbol] : []));
    const sectors = await sectorsOf(companies);
    let sector: string | undefined;
    for (const candidate of new Set(companies.map((symbol) => sectors.get(symbol)))) {
      if (!candidate || !(CALL_SEARCH_SECTORS as readonly string[]).includes(candidate)) continue;
      const narrowed = await searchApi(QUERY, candidate);
      if (narrowed.total > 0 && narrowed.total < everywhere.total) {
        sector = candidate;
        break;
      }
    }
    if (!sector) throw new Error(`no sector narrows the ${everywhere.total} calls that say "${QUERY}"`);

    // The member signs in on the search page and searches.
    await page.goto(`/search/calls?token=${token}`);
    const box = page.getByRole('textbox', { name: 'Search inside calls' });
    await box.fill(QUERY);
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === QUERY);
    await page.getByTestId('call-search-total').waitFor();
    const before = await shownTotal();
    expect(before).toBeGreaterThan(1);
    expect((await shownSymbols()).length).toBeGreaterThan(0);

    // A sector: fewer calls, each of a company in that sector.
    await page.getByRole('combobox', { name: 'Sector' }).click();
    await page.getByRole('option', { name: sector, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('sector') === sector);
    await expect.poll(shownTotal).toBeLessThan(before);
    expect(await shownTotal()).toBeGreaterThan(0);
    const symbols = await shownSymbols();
    expect(symbols.length).toBeGreaterThan(0);
    const shownSectors = await sectorsOf(symbols);
    expect(symbols.map((symbol) => [symbol, shownSectors.get(symbol)])).toEqual(
      symbols.map((symbol) => [symbol, sector]),
    );

    // A hit of a stored transcript opens it at the passage: marked as a summary citation is, in view.
    const snippet = page.locator('[data-testid="hit-snippet"][href^="/transcripts/"]').first();
    const href = (await snippet.getAttribute('href')) ?? '';
    const link = new URL(href, baseUrl);
    await snippet.click();
    await page.waitForURL((url) => url.pathname === link.pathname);
    const mark = page.getByTestId('cited-passage');
    await mark.waitFor();
    const marked = (await mark.textContent()) ?? '';
    expect(marked).toMatch(/\bguidances?\b/i);
    expect(marked).toMatch(/\bcut(s|ting)?\b/i);
    // It is exactly the passage the link names, in the transcript's own text.
    const [section, paragraph, start, end] = (link.searchParams.get('passage') ?? '').split('.').map(Number);
    const fileId = decodeURIComponent(link.pathname.split('/').at(-1) ?? '');
    const stored = await apiAs<FileWithContent>(token, `/pricing/files/${encodeURIComponent(fileId)}/file`);
    const text = stored.body.content?.sections[section ?? -1]?.paragraphs[paragraph ?? -1]?.text ?? '';
    expect(marked).toBe(text.slice(start, end));
    await expect.poll(markInView).toBe(true);

    // Back to the search, saved as a keyword alert with its sector.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('sector') === sector);
    await page.getByRole('button', { name: 'Alert me when a call says it' }).click();
    await page.getByRole('button', { name: 'Saved: you will be alerted' }).waitFor();
    const saved = async () =>
      (await apiAs<{ searches: SavedCallSearch[] }>(token, '/core/users/me/call-searches')).body.searches.map(
        ({ query, filters }) => ({ query, filters }),
      );
    expect(await saved()).toEqual([{ query: QUERY, filters: { sector } }]);

    // A live demo call and a word that it has not said yet but will say in a few seconds.
    const call: CalendarEvent = await liveReplay(60_000);
    const script = (call.details.liveTranscript as { fileId?: string } | undefined)?.fileId;
    if (!script) throw new Error(`the live replay ${call.id} names no transcript`);
    const spoken = await apiAs<FileWithContent>(token, `/pricing/files/${encodeURIComponent(script)}/file`);
    expect(spoken.status).toBe(200);
    const startedAt = Date.parse(call.eventDate);
    const ahead = freshWordAhead(
      callScript(spoken.body.content?.sections ?? []),
      Date.now() - startedAt + SAVE_AHEAD_MS,
    );
    if (!ahead) throw new Error(`the live replay ${call.id} says no new word from here to its end`);

    // The member saves it from the header search.
    await page.getByRole('button', { name: 'Search symbols' }).click();
    await page.getByRole('combobox', { name: 'Search symbols' }).fill(ahead.word);
    await page.getByTestId('search-inside-calls').click();
    await page.waitForURL((url) => url.searchParams.get('q') === ahead.word && !url.searchParams.has('sector'));
    await page.getByRole('button', { name: 'Alert me when a call says it' }).click();
    await page.getByRole('button', { name: 'Saved: you will be alerted' }).waitFor();
    expect(await saved()).toEqual([
      { query: ahead.word, filters: {} },
      { query: QUERY, filters: { sector } },
    ]);

    // The call says it, and the alert arrives in the local mailbox: addressed to the member, about this call, with
    // the sentence that says the word.
    await navigateInApp(page, '/dev/mail');
    const callLink = `${baseUrl}/${call.symbol}/events/${call.id}`;
    const message = page
      .getByTestId('mailbox-message')
      .filter({ hasText: `To ${account.email}` })
      .filter({ hasText: `“${ahead.word}” in the ${call.symbol}` })
      .filter({ hasText: callLink });
    await expect
      .poll(
        async () => {
          if ((await message.count()) === 0) await page.getByRole('button', { name: 'Refresh' }).click();
          return message.count();
        },
        // Until the sentence is said, then time for the live call's next turn and for delivery (every 3 s) on a
        // busy machine.
        { timeout: Math.max(startedAt + ahead.segment.endMs - Date.now(), 0) + 45_000, interval: 1000 },
      )
      .toBe(1);
    const mail = await message.innerText();
    expect(mail).toContain(`“${ahead.word}” in the ${call.symbol} ${call.period} ${call.periodYear} call`);
    const said = mail.split('\n').find((line) => line.startsWith(`${ahead.segment.speaker}: “`)) ?? '';
    const quote = /: “(.+)”$/.exec(said)?.[1] ?? '';
    expect(quote).toContain(ahead.word);
    expect(ahead.segment.text).toContain(quote);
    expect(errors).toEqual([]);
  });
});
