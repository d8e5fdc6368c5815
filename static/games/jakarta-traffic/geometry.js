// Jakarta Traffic's drawing geometry: where a tile's roads run, where the frame's alleys go
// and the line a route follows, in board units (a tile is T wide). Built from the engine's
// data (ctx.data: grid size, port steps, alleys, patterns); pure, no DOM.

export const T = 100; // tile size in SVG units
export const M = 46; // frame margin for the alleys

/** The geometry helpers for one game's data. */
export function makeGeometry(data) {
  const SIZE = data.size;
  const PORT_VEC = data.port_steps; // N E S W -> [dx, dy]
  const rotPort = (p, rot) => (p + rot) % 4;
  const cellXY = (c) => [c % SIZE, Math.floor(c / SIZE)];

  /** Spurs and links of a tile as drawn: its pattern turned clockwise by its rotation. */
  function roadsOf(tile) {
    const pat = data.patterns[tile.pattern];
    return {
      spurs: pat.spurs.map((p) => rotPort(p, tile.rot)),
      links: pat.links.map((l) => l.map((p) => rotPort(p, tile.rot))),
    };
  }

  /** Where a link meets: towards its ports, or (a straight link) bulging away from the spurs. */
  function junction(link, spurs) {
    let vx = 0;
    let vy = 0;
    for (const p of link) { vx += PORT_VEC[p][0]; vy += PORT_VEC[p][1]; }
    if (vx === 0 && vy === 0) {
      // A straight link passes the spot by on the side with no spur (or crosses one).
      const perp = PORT_VEC[(link[0] + 1) % 4];
      const sign = spurs.includes((link[0] + 1) % 4) ? -1 : 1;
      return [50 + sign * perp[0] * 30, 50 + sign * perp[1] * 30];
    }
    const len = Math.hypot(vx, vy);
    return [50 + (vx / len) * 26, 50 + (vy / len) * 26];
  }

  const portPoint = (p) => [50 + PORT_VEC[p][0] * 50, 50 + PORT_VEC[p][1] * 50];

  /** The (cell, side) of an outer port numbered clockwise from the top-left. */
  function outerSide(k) {
    const edge = Math.floor(k / SIZE);
    const i = k % SIZE;
    if (edge === 0) return [i, 0];
    if (edge === 1) return [i * SIZE + SIZE - 1, 1];
    if (edge === 2) return [(SIZE - 1) * SIZE + (SIZE - 1 - i), 2];
    return [(SIZE - 1 - i) * SIZE, 3];
  }

  function absPort(cell, port) {
    const [x, y] = cellXY(cell);
    const [px, py] = portPoint(port);
    return [x * T + px, y * T + py];
  }

  /** The points of the alley joining outer port a to outer port b, outside the grid. */
  function alleyPoints(a, b) {
    const [ca, sa] = outerSide(a);
    const [cb, sb] = outerSide(b);
    const pa = absPort(ca, sa);
    const pb = absPort(cb, sb);
    const off = 24;
    const oa = [pa[0] + PORT_VEC[sa][0] * off, pa[1] + PORT_VEC[sa][1] * off];
    const ob = [pb[0] + PORT_VEC[sb][0] * off, pb[1] + PORT_VEC[sb][1] * off];
    if (sa === sb) return [pa, oa, ob, pb];
    const vertical = PORT_VEC[sa][0] === 0;
    const corner = vertical ? [ob[0], oa[1]] : [oa[0], ob[1]];
    return [pa, oa, corner, ob, pb];
  }

  const outerOf = new Map();
  for (let k = 0; k < data.outer_port_count; k += 1) outerOf.set(outerSide(k).join(","), k);
  const alleyPartner = new Map(data.alleys.flatMap(([a, b]) => [[a, b], [b, a]]));

  /** The polyline of a route ([cell, in, out] hops) over the view's tiles, in board units. */
  function routePoints(tiles, route) {
    const pts = [];
    route.forEach(([cell, inP, outP], i) => {
      const [x, y] = cellXY(cell);
      const { spurs, links } = roadsOf(tiles[cell]);
      const at = (p) => [x * T + p[0], y * T + p[1]];
      if (inP !== null) pts.push(at(portPoint(inP)));
      if (inP === null || outP === null) pts.push(at([50, 50]));
      else {
        const link = links.find((l) => l.includes(inP) && l.includes(outP));
        if (link) pts.push(at(junction(link, spurs)));
      }
      if (outP !== null) {
        pts.push(at(portPoint(outP)));
        const [nx, ny] = cellXY(route[i + 1][0]);
        const [dx, dy] = PORT_VEC[outP];
        if (nx !== x + dx || ny !== y + dy) {
          const k = outerOf.get(`${cell},${outP}`);
          if (k !== undefined) pts.push(...alleyPoints(k, alleyPartner.get(k)).slice(1, -1));
        }
      }
    });
    return pts;
  }

  return { SIZE, cellXY, roadsOf, junction, portPoint, alleyPoints, routePoints };
}
