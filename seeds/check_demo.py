#!/usr/bin/env python3
"""Validate seeds/demo.json (the demo data set). Standard library only.

Usage: python3 seeds/check_demo.py [path/to/demo.json]
Exits 0 when every rule holds, 1 otherwise. When seeds/municipios.csv exists
(header codigo_ibge,nome,uf,latitude,longitude) every city string must be an
IBGE municipality and user/supplier coordinates must lie near their city seat.
"""
import csv
import json
import math
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEMO = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "demo.json")
MUNICIPIOS = os.path.join(HERE, "municipios.csv")

CATEGORIAS = ["Alimentos", "Produtos, Coprodutos, Subprodutos", "Sementes e Mudas", "Variedades"]
UFS = {"AC", "AL", "AM", "AP", "BA", "CE", "DF", "ES", "GO", "MA", "MG", "MS", "MT", "PA", "PB", "PE",
       "PI", "PR", "RJ", "RN", "RO", "RR", "RS", "SC", "SE", "SP", "TO"}
RESERVED_URLS = {"admin", "anuncios", "anunciegratis", "api", "assets", "auth", "blockchain", "detalhes",
                 "healthz", "links", "lojas", "media", "painel", "privacidade", "termos", "verificar",
                 "webhooks"}
REGION = "Piracicaba, SP"
PHONE_RE = re.compile(r"^\(\d{2}\)(\d{5}|\d{4})-\d{4}$")
ID_RE = re.compile(r"^demo-[a-z0-9-]+$")
EMAIL_RE = re.compile(r"^[a-z0-9._-]+@feira\.test$")
URL_RE = re.compile(r"^[a-z0-9-]{3,40}$")
CITY_RE = re.compile(r"^[^,]+, [A-Z]{2}$")
MAX_SEAT_KM = 30.0

errors = []
notes = []


def err(msg):
    errors.append(msg)


def check(cond, msg):
    if not cond:
        err(msg)
    return cond


def is_num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def money(v, where, allow_none=False, positive=True):
    if v is None:
        return check(allow_none, f"{where}: valor ausente")
    if not check(is_num(v), f"{where}: {v!r} não é número"):
        return False
    ok = check(abs(round(v * 100) - v * 100) < 1e-6, f"{where}: {v} tem mais de 2 casas decimais")
    if positive:
        ok = check(v > 0, f"{where}: {v} deve ser > 0") and ok
    return ok


def cpf_ok(d):
    if len(d) != 11 or not d.isdigit() or len(set(d)) == 1:
        return False
    n = [int(c) for c in d]
    for k in (9, 10):
        s = sum(n[i] * (k + 1 - i) for i in range(k))
        r = (s * 10) % 11 % 10
        if r != n[k]:
            return False
    return True


def cnpj_ok(d):
    if len(d) != 14 or not d.isdigit() or len(set(d)) == 1:
        return False
    n = [int(c) for c in d]
    for k, w in ((12, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]), (13, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])):
        r = sum(a * b for a, b in zip(n[:k], w)) % 11
        if (0 if r < 2 else 11 - r) != n[k]:
            return False
    return True


def haversine(a, b, c, d):
    p1, p2 = math.radians(a), math.radians(c)
    dp, dl = p2 - p1, math.radians(d - b)
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371 * math.asin(math.sqrt(h))


# --- municipalities (optional) ---
municipios = None
if os.path.exists(MUNICIPIOS):
    municipios = {}
    with open(MUNICIPIOS, encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                coords = (float(row["latitude"]), float(row["longitude"]))
            except (KeyError, TypeError, ValueError):
                coords = None
            municipios[f"{row['nome']}, {row['uf']}"] = coords
    notes.append(f"municipios.csv: {len(municipios)} municípios carregados")
else:
    notes.append("municipios.csv ausente: verificação de cidades contra o IBGE ignorada")

cities_seen = []


def city(v, where):
    if not check(isinstance(v, str) and CITY_RE.match(v), f"{where}: cidade {v!r} fora do formato 'Nome, UF'"):
        return False
    check(v[-2:] in UFS, f"{where}: UF inválida em {v!r}")
    cities_seen.append((v, where))
    return True


def near_seat(cidade, lat, lon, where):
    if municipios and municipios.get(cidade):
        slat, slon = municipios[cidade]
        dist = haversine(lat, lon, slat, slon)
        check(dist <= MAX_SEAT_KM, f"{where}: coordenadas a {dist:.0f} km da sede de {cidade}")


def coords(lat, lon, where):
    ok = check(is_num(lat) and is_num(lon), f"{where}: latitude/longitude ausentes")
    if ok:
        ok = check(-34 <= lat <= 6 and -74 <= lon <= -34, f"{where}: coordenadas fora do Brasil")
    return ok


def scope(local, cidades, where):
    """Validate a scope and return a predicate 'visible in region'."""
    if not check(local in (1, 2, 3), f"{where}: local {local!r} inválido"):
        return lambda r: False
    if not check(isinstance(cidades, list) and cidades, f"{where}: cidades deve ser lista não vazia"):
        return lambda r: False
    check(len(set(cidades)) == len(cidades), f"{where}: cidades repetidas")
    if local == 1:
        check(cidades == ["ALL"], f"{where}: local 1 exige cidades ['ALL']")
        return lambda r: True
    if local == 2:
        for uf in cidades:
            check(uf in UFS, f"{where}: {uf!r} não é UF")
        return lambda r: r[-2:] in cidades
    for c in cidades:
        city(c, where)
    return lambda r: r in cidades


def text(v, where, maxlen, required=True, lower=False):
    if v is None:
        return check(not required, f"{where}: texto obrigatório")
    if not check(isinstance(v, str) and (v.strip() or not required), f"{where}: texto inválido"):
        return False
    check(len(v) <= maxlen, f"{where}: {len(v)} caracteres (máx. {maxlen})")
    check(v == v.strip(), f"{where}: espaços nas pontas")
    if lower:
        check(v == v.lower(), f"{where}: deve estar em minúsculas")
    return True


def phone(v, where):
    check(isinstance(v, str) and PHONE_RE.match(v), f"{where}: telefone {v!r} fora da máscara (DD)xxxxx-xxxx")
    if isinstance(v, str) and len(v) < 14:
        notes.append(f"{where}: telefone fixo {v} tem {len(v)} caracteres (o assistente exige 14)")


# --- load ---
with open(DEMO, encoding="utf-8") as fh:
    data = json.load(fh)
check(isinstance(data, dict) and sorted(data) == sorted(["usuarios", "fornecedores", "produtos", "anuncios"]),
      "raiz deve ter exatamente usuarios, fornecedores, produtos, anuncios")
usuarios = data.get("usuarios", [])
fornecedores = data.get("fornecedores", [])
produtos = data.get("produtos", [])
anuncios = data.get("anuncios", [])

# --- usuarios ---
USER_KEYS = {"id", "email", "nome", "telefone", "cidade", "rua", "numero", "complemento", "latitude", "longitude"}
users = {}
emails = {}
for i, u in enumerate(usuarios):
    w = f"usuarios[{i}] {u.get('id')}"
    check(set(u) == USER_KEYS, f"{w}: campos {sorted(set(u) ^ USER_KEYS)} divergentes")
    check(isinstance(u.get("id"), str) and ID_RE.match(u["id"]), f"{w}: id inválido")
    check(u.get("id") not in users, f"{w}: id repetido")
    users[u.get("id")] = u
    e = u.get("email")
    check(isinstance(e, str) and EMAIL_RE.match(e), f"{w}: e-mail {e!r} inválido")
    check(e not in emails, f"{w}: e-mail repetido")
    emails[e] = u
    text(u.get("nome"), f"{w}.nome", 100)
    phone(u.get("telefone"), f"{w}.telefone")
    if u.get("cidade") is not None:
        city(u["cidade"], f"{w}.cidade")
    if u.get("rua") is not None:
        text(u["rua"], f"{w}.rua", 200)
        check(isinstance(u.get("numero"), str) and u["numero"].isdigit(), f"{w}: número deve ser numérico")
        check(u.get("cidade") is not None, f"{w}: endereço sem cidade")
        if coords(u.get("latitude"), u.get("longitude"), w):
            near_seat(u["cidade"], u["latitude"], u["longitude"], w)
    else:
        check(u.get("numero") is None and u.get("complemento") is None, f"{w}: número/complemento sem rua")
    if u.get("complemento") is not None:
        text(u["complemento"], f"{w}.complemento", 100)

owners = [f.get("usuario") for f in fornecedores]
for mail in ("fornecedor@feira.test", "comprador@feira.test", "admin@feira.test"):
    check(mail in emails, f"usuário {mail} ausente")
if "fornecedor@feira.test" in emails:
    check(owners.count(emails["fornecedor@feira.test"]["id"]) == 1,
          "fornecedor@feira.test deve ter exatamente um fornecedor")
if "comprador@feira.test" in emails:
    c = emails["comprador@feira.test"]
    check(c["nome"] == "Carla Souza", "comprador deve se chamar Carla Souza")
    check(c["cidade"] == REGION and c["rua"] and is_num(c["latitude"]) and is_num(c["longitude"]),
          "comprador precisa de endereço e coordenadas em Piracicaba, SP")
    check(c["id"] not in owners, "comprador não pode ter fornecedor")
if "admin@feira.test" in emails:
    a = emails["admin@feira.test"]
    check(a["nome"] == "Administração Feira", "admin deve se chamar 'Administração Feira'")
    check(a["id"] not in owners, "admin não pode ter fornecedor")

# --- fornecedores ---
FORN_KEYS = {"usuario", "nomeforn", "descricaoforn", "telefone", "instagram", "cpf", "url", "paleta", "local",
             "cidades", "vendasforn", "oculto", "compras", "pagamentos", "pix", "delivery", "categorias", "cupons"}
DELIV_KEYS = {"entrega", "taxaTipo", "taxaentrega", "taxaPorKm", "rua", "numero", "cidade", "latitude",
              "longitude", "pedidominimoentrega", "pedidominimoretirada", "descricaoentrega", "descricaoretirada"}
check(len(fornecedores) >= 6, f"fornecedores: {len(fornecedores)} (mín. 6)")
check(len(set(owners)) == len(owners), "fornecedores: usuário com mais de um fornecedor")
forn_by_user = {}
urls = set()
kinds = {"cpf": 0, "cnpj": 0}
paletas, locais, pagamentos, entregas, taxas = set(), set(), set(), set(), set()
min_orders = 0
outside = []
for i, f in enumerate(fornecedores):
    w = f"fornecedores[{i}] {f.get('url')}"
    check(set(f) == FORN_KEYS, f"{w}: campos {sorted(set(f) ^ FORN_KEYS)} divergentes")
    check(f.get("usuario") in users, f"{w}: usuário {f.get('usuario')!r} inexistente")
    forn_by_user[f.get("usuario")] = f
    text(f.get("nomeforn"), f"{w}.nomeforn", 60)
    text(f.get("descricaoforn"), f"{w}.descricaoforn", 500, required=False)
    phone(f.get("telefone"), f"{w}.telefone")
    ig = f.get("instagram")
    check(ig is None or (isinstance(ig, str) and re.match(r"^[a-z0-9._]{1,30}$", ig)), f"{w}: instagram {ig!r}")
    doc = f.get("cpf")
    if isinstance(doc, str) and len(doc) == 11:
        kinds["cpf"] += check(cpf_ok(doc), f"{w}: CPF {doc} com dígitos inválidos")
    elif isinstance(doc, str) and len(doc) == 14:
        kinds["cnpj"] += check(cnpj_ok(doc), f"{w}: CNPJ {doc} com dígitos inválidos")
    else:
        err(f"{w}: cpf {doc!r} deve ter 11 ou 14 dígitos")
    url = f.get("url")
    check(isinstance(url, str) and URL_RE.match(url), f"{w}: url inválida")
    check(url not in RESERVED_URLS, f"{w}: url reservada")
    check(url not in urls, f"{w}: url repetida")
    urls.add(url)
    check(f.get("paleta") in (1, 2, 3, 4, 5), f"{w}: paleta inválida")
    paletas.add(f.get("paleta"))
    locais.add(f.get("local"))
    visible = scope(f.get("local"), f.get("cidades"), w)
    if not visible(REGION):
        outside.append(f)
    check(is_int(f.get("vendasforn")) and f["vendasforn"] >= 0, f"{w}: vendasforn inválido")
    check(isinstance(f.get("oculto"), bool) and isinstance(f.get("compras"), bool), f"{w}: oculto/compras booleanos")
    check(f.get("pagamentos") in ("1", "2", "12"), f"{w}: pagamentos inválido")
    pagamentos.add(f.get("pagamentos"))
    check(isinstance(f.get("pix"), str) and f["pix"].strip(), f"{w}: chave pix ausente")
    cats = f.get("categorias")
    check(isinstance(cats, list) and cats and len(set(cats)) == len(cats)
          and all(isinstance(c, str) and c.strip() for c in cats), f"{w}: categorias inválidas")
    codes = set()
    for j, cp in enumerate(f.get("cupons") or []):
        cw = f"{w}.cupons[{j}]"
        code = cp.get("codigo")
        check(set(cp) == {"codigo", "tipo", "valor"}, f"{cw}: campos divergentes")
        check(isinstance(code, str) and 1 <= len(code) <= 10 and code == code.upper() and " " not in code,
              f"{cw}: código {code!r} inválido")
        check(code not in codes, f"{cw}: código repetido")
        codes.add(code)
        check(cp.get("tipo") in ("%", "R$"), f"{cw}: tipo inválido")
        money(cp.get("valor"), cw)
        if cp.get("tipo") == "%":
            check(is_num(cp.get("valor")) and cp["valor"] <= 100, f"{cw}: porcentagem acima de 100")
    d = f.get("delivery") or {}
    dw = f"{w}.delivery"
    check(set(d) == DELIV_KEYS, f"{dw}: campos {sorted(set(d) ^ DELIV_KEYS)} divergentes")
    ent = d.get("entrega")
    check(ent in ("1", "2", "12"), f"{dw}: entrega inválida")
    entregas.add(ent)
    tt = d.get("taxaTipo")
    check(tt in (None, "fixa", "porKm"), f"{dw}: taxaTipo inválido")
    delivers = isinstance(ent, str) and "1" in ent
    pickup = isinstance(ent, str) and "2" in ent
    if not delivers:
        check(tt is None and d.get("taxaentrega") is None and d.get("taxaPorKm") is None
              and d.get("pedidominimoentrega") is None, f"{dw}: taxa/mínimo de entrega sem entrega")
        taxas.add("sem entrega")
    elif tt == "porKm":
        money(d.get("taxaPorKm"), f"{dw}.taxaPorKm")
        check(d.get("taxaentrega") is None, f"{dw}: porKm com taxaentrega")
        taxas.add("porKm")
    elif tt == "fixa":
        money(d.get("taxaentrega"), f"{dw}.taxaentrega")
        check(d.get("taxaPorKm") is None, f"{dw}: fixa com taxaPorKm")
        taxas.add("fixa")
    else:
        check(d.get("taxaentrega") is None and d.get("taxaPorKm") is None, f"{dw}: taxa sem taxaTipo")
        taxas.add("grátis/a combinar")
    if d.get("rua") is not None or tt == "porKm":
        text(d.get("rua"), f"{dw}.rua", 200)
        check(isinstance(d.get("numero"), str) and d["numero"].isdigit(), f"{dw}: número deve ser numérico")
        if city(d.get("cidade"), f"{dw}.cidade") and coords(d.get("latitude"), d.get("longitude"), dw):
            near_seat(d["cidade"], d["latitude"], d["longitude"], dw)
    for k, flag in (("pedidominimoentrega", delivers), ("pedidominimoretirada", pickup)):
        if d.get(k) is not None:
            check(flag, f"{dw}: {k} sem a modalidade correspondente")
            money(d[k], f"{dw}.{k}")
            min_orders += 1
    text(d.get("descricaoentrega"), f"{dw}.descricaoentrega", 500, required=False)
    text(d.get("descricaoretirada"), f"{dw}.descricaoretirada", 500, required=False)
    check(delivers or d.get("descricaoentrega") is None, f"{dw}: descricaoentrega sem entrega")
    check(pickup or d.get("descricaoretirada") is None, f"{dw}: descricaoretirada sem retirada")

check(paletas >= {1, 2, 3, 4, 5}, f"paletas cobertas {sorted(paletas)} (precisa 1–5)")
check(locais >= {1, 2, 3}, f"escopos cobertos {sorted(locais)} (precisa 1, 2, 3)")
check(pagamentos >= {"1", "2", "12"}, f"pagamentos cobertos {sorted(pagamentos)}")
check(entregas >= {"1", "2", "12"}, f"modalidades cobertas {sorted(entregas)}")
check(taxas >= {"porKm", "fixa", "grátis/a combinar"}, f"tipos de taxa cobertos {sorted(taxas)}")
check(min_orders >= 2, "pedido mínimo em poucos fornecedores")
check(kinds["cpf"] >= 1 and kinds["cnpj"] >= 1, f"documentos: {kinds} (precisa CPF e CNPJ)")
check(sum(1 for f in fornecedores if f.get("compras") is True) >= 1, "nenhum fornecedor com compras fechadas")
check(sum(1 for f in fornecedores if f.get("oculto")) * 2 < len(fornecedores), "oculto demais")
check(len(outside) == 1, f"{len(outside)} fornecedores fora de Piracicaba, SP (esperado 1)")
if len(outside) == 1:
    o = outside[0]
    check(o["local"] == 3 and sorted(o["cidades"]) == ["Limeira, SP", "Rio Claro, SP"],
          "o fornecedor fora de Piracicaba deve atender só Rio Claro, SP e Limeira, SP")

# --- produtos ---
PROD_KEYS = {"id", "fornecedor", "categoria", "subcategoria", "titulo", "descricao", "preco", "precopromo",
             "minimopromo", "minimo", "estoque", "opcoes", "status", "vendas", "fotos"}
check(len(produtos) == 60, f"produtos: {len(produtos)} (exatamente 60)")
pids = set()
per_cat = {c: 0 for c in CATEGORIAS}
per_forn = {u: 0 for u in forn_by_user}
promos = minimos = estoques = small = with_opts = disabled = with_photos = 0
for i, p in enumerate(produtos):
    w = f"produtos[{i}] {p.get('id')}"
    check(set(p) == PROD_KEYS, f"{w}: campos {sorted(set(p) ^ PROD_KEYS)} divergentes")
    check(isinstance(p.get("id"), str) and ID_RE.match(p["id"]) and p["id"] not in pids, f"{w}: id inválido/repetido")
    pids.add(p.get("id"))
    f = forn_by_user.get(p.get("fornecedor"))
    if check(f is not None, f"{w}: fornecedor inexistente"):
        per_forn[p["fornecedor"]] += 1
        sub = p.get("subcategoria")
        check(sub is None or sub in f["categorias"], f"{w}: subcategoria {sub!r} fora das categorias do fornecedor")
    if check(p.get("categoria") in CATEGORIAS, f"{w}: categoria {p.get('categoria')!r}"):
        per_cat[p["categoria"]] += 1
    text(p.get("titulo"), f"{w}.titulo", 50, lower=True)
    text(p.get("descricao"), f"{w}.descricao", 1500, required=False)
    money(p.get("preco"), f"{w}.preco")
    pp, mp = p.get("precopromo"), p.get("minimopromo")
    if pp is not None or mp is not None:
        if money(pp, f"{w}.precopromo"):
            check(is_num(p.get("preco")) and pp < p["preco"], f"{w}: precopromo não é menor que preco")
        check(is_int(mp) and mp >= 1, f"{w}: minimopromo deve ser inteiro ≥ 1")
        promos += 1
    mn, st = p.get("minimo"), p.get("estoque")
    check(mn is None or (is_int(mn) and mn >= 2), f"{w}: minimo deve ser null ou inteiro ≥ 2")
    check(st is None or (is_int(st) and st >= 2), f"{w}: estoque deve ser null ou inteiro ≥ 2")
    if is_int(mn) and is_int(st):
        check(st >= mn, f"{w}: estoque menor que o pedido mínimo")
    minimos += mn is not None
    estoques += st is not None
    small += is_int(st) and st <= 6
    ops = p.get("opcoes")
    if check(isinstance(ops, list), f"{w}: opcoes deve ser lista"):
        check(len(set(ops)) == len(ops) and all(isinstance(o, str) and 0 < len(o) <= 50 for o in ops),
              f"{w}: opções inválidas")
        with_opts += bool(ops)
    check(isinstance(p.get("status"), bool), f"{w}: status booleano")
    disabled += p.get("status") is True
    check(is_int(p.get("vendas")) and p["vendas"] >= 0, f"{w}: vendas inválido")
    check(is_int(p.get("fotos")) and 0 <= p["fotos"] <= 4, f"{w}: fotos 0–4")
    with_photos += is_int(p.get("fotos")) and p["fotos"] >= 1

for c, n in per_cat.items():
    check(n >= 8, f"categoria {c}: {n} produtos (mín. 8)")
check(per_cat["Alimentos"] == max(per_cat.values()) and
      sum(1 for n in per_cat.values() if n == per_cat["Alimentos"]) == 1, "Alimentos deve ter mais produtos")
for u, n in per_forn.items():
    check(6 <= n <= 14, f"fornecedor {u}: {n} produtos (6–14)")
check(promos >= 15, f"promoções: {promos} (mín. 15)")
check(minimos >= 2, f"com mínimo: {minimos}")
check(estoques >= 2, f"com estoque: {estoques}")
check(small >= 2, f"com estoque pequeno (≤ 6): {small}")
check(with_opts >= 2, f"com opções: {with_opts}")
check(disabled == 3, f"desabilitados: {disabled} (exatamente 3)")
check(with_photos >= 40, f"com foto: {with_photos} (mín. 40)")

# --- anuncios ---
AD_KEYS = {"id", "usuario", "categoria", "titulo", "descricao", "preco", "origem", "local", "cidades",
           "telefone", "nome", "fotos"}
check(len(anuncios) == 12, f"anúncios: {len(anuncios)} (exatamente 12)")
aids = set()
ad_locais, ad_cats = set(), set()
vis = invis = 0
for i, a in enumerate(anuncios):
    w = f"anuncios[{i}] {a.get('id')}"
    check(set(a) == AD_KEYS, f"{w}: campos {sorted(set(a) ^ AD_KEYS)} divergentes")
    check(isinstance(a.get("id"), str) and ID_RE.match(a["id"]) and a["id"] not in aids, f"{w}: id inválido/repetido")
    aids.add(a.get("id"))
    owner = users.get(a.get("usuario"))
    if check(owner is not None, f"{w}: usuário inexistente"):
        check(a.get("nome") == owner["nome"], f"{w}: nome difere do dono")
    check(a.get("categoria") in CATEGORIAS, f"{w}: categoria inválida")
    ad_cats.add(a.get("categoria"))
    text(a.get("titulo"), f"{w}.titulo", 50, lower=True)
    text(a.get("descricao"), f"{w}.descricao", 1500, required=False)
    money(a.get("preco"), f"{w}.preco")
    city(a.get("origem"), f"{w}.origem")
    ad_locais.add(a.get("local"))
    if scope(a.get("local"), a.get("cidades"), w)(REGION):
        vis += 1
    else:
        invis += 1
    phone(a.get("telefone"), f"{w}.telefone")
    text(a.get("nome"), f"{w}.nome", 100)
    check(is_int(a.get("fotos")) and 0 <= a["fotos"] <= 3, f"{w}: fotos 0–3")
check(ad_locais >= {1, 2, 3}, f"escopos de anúncios {sorted(ad_locais)}")
check(len(ad_cats) >= 3, f"categorias de anúncios pouco variadas: {sorted(ad_cats)}")
check(vis >= 8, f"anúncios visíveis em {REGION}: {vis} (mín. 8)")
check(invis >= 2, f"anúncios invisíveis em {REGION}: {invis} (mín. 2)")

# --- cities against IBGE ---
if municipios is not None:
    for c, w in cities_seen:
        check(c in municipios, f"{w}: {c!r} não está em municipios.csv")

# --- report ---
print(f"usuarios={len(usuarios)} fornecedores={len(fornecedores)} produtos={len(produtos)} anuncios={len(anuncios)}")
print("produtos por categoria: " + "; ".join(f"{c}={n}" for c, n in per_cat.items()))
print("produtos por fornecedor: " + ", ".join(f"{u}={n}" for u, n in per_forn.items()))
print(f"promoções={promos} com mínimo={minimos} com estoque={estoques} estoque pequeno={small} "
      f"com opções={with_opts} desabilitados={disabled} com foto={with_photos}")
print(f"documentos: CPF={kinds['cpf']} CNPJ={kinds['cnpj']}; paletas={sorted(paletas)}; escopos={sorted(locais)}; "
      f"entrega={sorted(entregas)}; taxas={sorted(taxas)}; pagamentos={sorted(pagamentos)}")
print(f"anúncios visíveis em {REGION}: {vis}, fora: {invis}; escopos={sorted(ad_locais)}; categorias={len(ad_cats)}")
for n in notes:
    print("nota:", n)
if errors:
    print(f"FALHOU: {len(errors)} erro(s)")
    for e in errors:
        print("  -", e)
    sys.exit(1)
print("OK: demo.json válido")
