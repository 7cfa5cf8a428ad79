/**
 * html-validate's settings for the built site (test/e2e/html-valid.test.ts checks the pages of the fixture sites with
 * them: every page of the hostile and tight sites, pages of each kind of the others): the recommended rule set, less
 * what each line below says.
 */
export default {
  extends: ['html-validate:recommended'],
  elements: [
    'html5',
    // The HTML standard's sectioning content is article, aside, nav and section; html-validate still counts details, which would forbid it in a row header.
    { details: { sectioning: false } },
  ],
  rules: {
    // A score bar's length and a chart tick's place are data, written in style attributes (the CSP allows inline styles in attributes only).
    'no-inline-style': 'off',
    // ARIA lets a list be named (role list is namable): the active filters and the models compared are lists named for what they hold.
    'aria-label-misuse': ['error', { allowAnyNamable: true }],
    // The filter forms change no context (WCAG 3.2.2): each field applies in place and Enter submits the search, so a submit button would add nothing.
    'wcag/h32': 'off',
    // Prettier writes a void element of the html`` string templates as `<img />`, Astro as `<img>`: the HTML standard allows both.
    'void-style': 'off',
    // It counts a title's characters as escaped in the source (`&amp;` is five); the pages cut their titles at 70 characters themselves (src/site/page-title.ts).
    'long-title': 'off',
  },
};
