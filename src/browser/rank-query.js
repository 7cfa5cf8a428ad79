// /rank/ asked for another view than its own rows (weights, a search, a sort, a page): the rows stay
// hidden until the script has drawn that view, so the first paint's rows never change under the eye.
if (location.search.length > 1) document.documentElement.dataset.rankQuery = '';
