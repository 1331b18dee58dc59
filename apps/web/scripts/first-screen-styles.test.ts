import { describe, expect, it } from 'vitest';
import { emotionNames, emotionRuns, topLevelRules } from './first-screen-styles.ts';

describe('emotionRuns', () => {
  it("keeps each class's rules whole and in order, a repeated media rule included", () => {
    // The Container of the calendar as emotion inserted it: the second 600px rule undoes the padding shorthand.
    const container = [
      '.css-1pt7dvv { padding-left: 16px; }',
      '@media (min-width: 600px) {\n  .css-1pt7dvv { padding-left: 24px; }\n}',
      '@media (min-width: 0px) {\n  .css-1pt7dvv { padding: 16px; }\n}',
      '@media (min-width: 600px) {\n  .css-1pt7dvv { padding-left: 24px; }\n}',
    ];
    const runs = emotionRuns([...container, '.css-abc { color: red; }']);
    expect(runs.map((run) => run.name)).toEqual(['1pt7dvv', 'abc']);
    expect(runs[0]?.css).toBe(container.join(''));
  });

  it('keeps keyframes with the class inserted before them', () => {
    const runs = emotionRuns([
      '.css-bar { animation: 1s animation-x; }',
      '@keyframes animation-x { 0% { opacity: 0; } }',
      '.css-next { color: blue; }',
    ]);
    expect(runs.map((run) => run.name)).toEqual(['bar', 'next']);
    expect(runs[0]?.css).toContain('@keyframes animation-x');
  });
});

describe('emotionNames', () => {
  it('lists each emotion class once, in order, and nothing else', () => {
    expect(emotionNames('.css-b1 { } .MuiButton-root .css-a2 { } @media (x) { .css-b1 { } } .not-css-c3 { }')).toEqual([
      'b1',
      'a2',
    ]);
  });
});

describe('topLevelRules', () => {
  it('gives back the rules a recorded file joined, a media rule with its lines and braces as one', () => {
    const rules = [
      '.css-a { content: "}"; }',
      '@media (min-width: 600px) {\n  .css-a { padding-left: 24px; }\n}',
      "@keyframes animation-x { 0% { opacity: 0; } 100% { content: '{'; } }",
      '.css-b { color: red; }',
    ];
    expect(topLevelRules(`${rules.slice(0, 2).join('')}\n${rules.slice(2).join('')}`)).toEqual(rules);
  });

  it('refuses a sheet that ends inside a rule, which would swallow the rules after it', () => {
    expect(() => topLevelRules('.css-a { color: red; } @media (x) {\n  .css-b { color: blue; }')).toThrow(
      'ends inside a rule',
    );
  });
});
