// autocannon setupRequest (loaded by path in its worker): each `{N}` in a bench URL becomes a random number from
// 1 to N on every request, so a "cold" run reads many pages or searches instead of one cached answer.
module.exports = (request) => ({
  ...request,
  path: request.path.replace(/\{(\d+)\}/g, (_, n) => String(1 + Math.floor(Math.random() * Number(n)))),
});
