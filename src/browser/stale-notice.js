// A classic script the layout loads in <head>, before the page is drawn: it compares the moment
// the build wrote into <html data-stale-after> (Unix ms; src/site/settings/staleness.ts) with the visitor's
// clock, and marks the page stale so the stylesheet shows the notice the server rendered. Run
// before the first paint, showing it moves nothing; plain JavaScript because it is served as it is.
(function () {
  var root = document.documentElement;
  var after = Number(root.getAttribute('data-stale-after'));
  if (after > 0 && Date.now() > after) root.classList.add('stale');
})();
