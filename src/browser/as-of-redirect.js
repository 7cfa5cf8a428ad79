// A classic script the leaderboard's first page loads in <head>, before the page is drawn: an address
// of the leaderboard as it stood on a day (`/?asOf=2026-06-30`, `&since=…`) opens the page that draws
// it, in place of this one (Back skips it), before anything of today's leaderboard shows. Plain
// JavaScript because it is served as it is.
(function () {
  var query = location.search;
  if (!/[?&](asOf|since)=/.test(query)) return;
  var here = document.currentScript;
  var target = here && here.getAttribute('data-as-of-page');
  if (target) location.replace(target + query);
})();
