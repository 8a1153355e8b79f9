#!/usr/bin/env python3
"""Writes bench/encodation_corpus.jsonl: realistic payloads printed on labels.

The corpus feeds bench/pitch_benchmark.py (CKey's module pitch against QR's at
the same printed size). Each line is {"shape": ..., "payload": ...}; payloads
are printable ASCII without newlines, 10 to ~300 characters, in the shapes real
labels carry: short links, campaign URLs with UTM parameters, signed-token
links, GS1 Digital Links, Wi-Fi join strings, app deep links, ticket and order
IDs, long carrier tracking URLs and a few contact strings (mailto, tel, sms,
MECARD; a vCard needs line breaks, so its single-line sibling MECARD stands in).

The generator is deterministic (its own seeded random.Random, no network):
the same script always writes the same file.

Usage: bench/encodation_corpus.py [--out bench/encodation_corpus.jsonl] [--seed 2026]
"""
import argparse
import base64
import collections
import json
import os
import random
import string

LOWER = string.ascii_lowercase
UPPER = string.ascii_uppercase
DIGITS = string.digits
BASE62 = DIGITS + UPPER + LOWER
BASE64URL = UPPER + LOWER + DIGITS + "-_"
HEX = "0123456789abcdef"
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # no I, L, O, U: the IDs people type

WORDS = ("spring", "summer", "autumn", "winter", "launch", "promo", "sale", "offer", "deal", "menu",
         "event", "expo", "store", "shop", "green", "fresh", "coffee", "garden", "sport", "kids",
         "bundle", "gift", "loyalty", "rewards", "review", "survey", "recipe", "guide", "manual",
         "setup", "warranty", "register", "support", "tour", "museum", "festival", "concert")
BRANDS = ("acme", "brightleaf", "northwind", "bluepeak", "oakridge", "lumiere", "kiwico", "zephyr",
          "harborline", "silvercrest", "meadowfarm", "urbanbrew", "solvera", "novatek", "pinecone",
          "redfox", "tidewater", "maplewood", "everglow", "stonegate", "cedarhill", "quickmart")
TLDS = (".com", ".com", ".com", ".com", ".co.uk", ".de", ".fr", ".io", ".co", ".net", ".org",
        ".eu", ".com.au", ".ca", ".nl", ".shop")


def chars(rng, alphabet, n):
    return "".join(rng.choice(alphabet) for _ in range(n))


def brand_host(rng, www_share=0.4):
    host = rng.choice(BRANDS) + rng.choice(("", "", "", "-" + rng.choice(WORDS), rng.choice(WORDS)))
    host += rng.choice(TLDS)
    prefix = rng.random()
    if prefix < www_share:
        return "www." + host
    if prefix < www_share + 0.15:
        return rng.choice(("shop.", "go.", "m.", "info.", "promo.", "my.")) + host
    return host


def scheme(rng, http_share=0.08):
    return "http://" if rng.random() < http_share else "https://"


def slug_words(rng, low=1, high=4, sep="-"):
    return sep.join(rng.choice(WORDS) for _ in range(rng.randint(low, high)))


def b64url(raw):
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


# ---------------------------------------------------------------- short links

SHORTENERS = (  # host, slug alphabet, slug lengths
    ("bit.ly", BASE62, (7, 7, 7, 6)), ("ckey.to", BASE62, (5, 5, 6)), ("tinyurl.com", LOWER + DIGITS, (8, 8)),
    ("t.co", BASE62, (10,)), ("ow.ly", BASE62, (5, 6)), ("rb.gy", LOWER + DIGITS, (6,)),
    ("qrco.de", BASE62, (6, 7)), ("is.gd", BASE62, (6,)), ("cutt.ly", BASE62, (7, 8)),
    ("amzn.to", BASE62, (7,)), ("youtu.be", BASE64URL, (11,)), ("lnkd.in", BASE62 + "-_", (8,)),
    ("buff.ly", BASE62, (7,)), ("s.id", BASE62, (5, 6)), ("qr.link", LOWER + DIGITS, (5, 6, 8)),
)


def short_link(rng):
    host, alphabet, lengths = rng.choice(SHORTENERS)
    kind = rng.random()
    if kind < 0.65:
        slug = chars(rng, alphabet, rng.choice(lengths))
    elif kind < 0.85:  # lowercase custom alias
        slug = slug_words(rng, 1, 3, rng.choice(("-", "", "_"))) + rng.choice(("", str(rng.randint(1, 99))))
    else:  # a brand's own short domain
        host = rng.choice(("go.", "s.", "l.", "")) + rng.choice(BRANDS)[:rng.randint(3, 6)] + rng.choice(
            (".to", ".ly", ".co", ".link", ".me"))
        slug = chars(rng, rng.choice((BASE62, LOWER + DIGITS)), rng.randint(4, 8))
    style = rng.random()
    if style < 0.07:
        url = "http://" + host + "/" + slug
    elif style < 0.17:
        url = "https://www." + host + "/" + slug
    elif style < 0.27:
        url = host + "/" + slug  # printed without a scheme
    else:
        url = "https://" + host + "/" + slug
    if rng.random() < 0.06 and slug.isalnum():  # upper-cased to pack in QR's alphanumeric mode
        url = url.upper()
    return url


# -------------------------------------------------------------- campaign URLs

UTM_SOURCES = ("flyer", "poster", "packaging", "label", "mailer", "instore", "billboard", "magazine",
               "brochure", "receipt", "tabletent", "postcard", "catalog", "bus_shelter", "product_insert")
UTM_MEDIUMS = ("qr", "qr", "qr", "print", "offline", "qrcode", "QR", "ooh", "direct_mail")


def campaign_name(rng):
    kind = rng.random()
    season = rng.choice(("spring", "summer", "fall", "winter", "holiday", "bf", "xmas", "easter", "q1", "q3"))
    year = rng.choice(("25", "26", "2025", "2026"))
    if kind < 0.4:
        return season + year
    if kind < 0.7:
        return season + rng.choice(("_", "-")) + rng.choice(WORDS) + rng.choice(("_", "-", "")) + year
    if kind < 0.85:
        return rng.choice(("Spring", "Summer", "Holiday", "BackToSchool", "BlackFriday")) + "20" + year[-2:]
    return "cmp" + chars(rng, DIGITS, rng.randint(4, 7))


def campaign_url(rng):
    host = brand_host(rng)
    paths = ("/", "/p", "/promo", "/offers/" + slug_words(rng, 1, 2), "/" + rng.choice(("en", "en-us", "de", "fr")) +
             "/" + slug_words(rng, 1, 3), "/products/" + slug_words(rng, 2, 4) + "-" + str(rng.randint(10, 9999)),
             "/landing/" + campaign_name(rng).lower(), "/menu", "/" + rng.choice(WORDS))
    url = scheme(rng, 0.05) + host + rng.choice(paths)
    params = [("utm_source", rng.choice(UTM_SOURCES)), ("utm_medium", rng.choice(UTM_MEDIUMS)),
              ("utm_campaign", campaign_name(rng))]
    if rng.random() < 0.35:
        params.append(("utm_content", rng.choice(("front", "back", "v2", "blue", "a", "b", "store" +
                                                   str(rng.randint(1, 400))))))
    if rng.random() < 0.15:
        params.append(("utm_term", rng.choice(WORDS)))
    if rng.random() < 0.2:
        params.insert(0, (rng.choice(("ref", "src", "lang", "store", "sku")), rng.choice(
            ("qr", "en", str(rng.randint(100, 99999)), chars(rng, UPPER + DIGITS, 6)))))
    if rng.random() < 0.15:
        rng.shuffle(params)
    if rng.random() < 0.1:  # some tools drop all but source and campaign
        params = [p for p in params if p[0] in ("utm_source", "utm_campaign")]
    return url + "?" + "&".join(k + "=" + v for k, v in params)


# -------------------------------------------------------- signed-token links

def jwt_like(rng):
    header = rng.choice(('{"alg":"HS256","typ":"JWT"}', '{"alg":"ES256","typ":"JWT"}', '{"alg":"HS256"}'))
    claims = {"sub": chars(rng, DIGITS, rng.randint(4, 9)), "exp": rng.randint(1767225600, 1830297600)}
    if rng.random() < 0.5:
        claims["aud"] = rng.choice(("pickup", "entry", "rx", "claim", "warranty"))
    if rng.random() < 0.3:
        claims["n"] = chars(rng, BASE62, 8)
    if rng.random() < 0.25:  # a fuller claim set, as identity providers issue
        issuer = "https://auth." + rng.choice(BRANDS) + ".com"
        claims = {"iss": issuer, "iat": claims["exp"] - 86400 * rng.randint(1, 90), **claims,
                  "jti": chars(rng, HEX, 16)}
    body = json.dumps(claims, separators=(",", ":"))
    sig_bytes = 32 if "HS" in header else 64
    if rng.random() < 0.4:  # truncated MAC, common on printed media
        sig_bytes = rng.choice((8, 12, 16))
    return b64url(header.encode()) + "." + b64url(body.encode()) + "." + b64url(rng.randbytes(sig_bytes))


def signed_token(rng):
    host = rng.choice((brand_host(rng, 0.2), "verify." + rng.choice(BRANDS) + ".com",
                       "t." + rng.choice(BRANDS) + ".io", "api." + rng.choice(BRANDS) + ".com"))
    path = rng.choice(("/v", "/t", "/claim", "/redeem", "/auth", "/r", "/check", "/a/" + chars(rng, LOWER, 4),
                       "/" + rng.choice(WORDS) + "/verify"))
    kind = rng.random()
    if kind < 0.3:
        query = "?token=" + b64url(rng.randbytes(rng.choice((12, 16, 18, 24, 32, 48))))
    elif kind < 0.55:
        query = "?id=" + chars(rng, DIGITS, rng.randint(5, 10)) + "&exp=" + str(rng.randint(1767225600, 1830297600))
        query += "&sig=" + rng.choice((b64url(rng.randbytes(rng.choice((16, 24, 32)))),
                                       chars(rng, HEX, rng.choice((16, 32, 40, 64)))))
    elif kind < 0.8:
        query = "?t=" + jwt_like(rng)
    elif kind < 0.9:  # token as a path segment
        path += "/" + b64url(rng.randbytes(rng.choice((9, 12, 16, 21))))
        query = rng.choice(("", "?k=" + chars(rng, DIGITS, 2)))
    else:
        query = "?c=" + chars(rng, CROCKFORD, rng.choice((12, 16, 20))) + "&h=" + chars(rng, HEX, rng.choice((8, 16)))
    return "https://" + host + path + query


# ------------------------------------------------------------ GS1 Digital Link

def gtin_check_digit(body):
    """GS1 mod-10 check digit: weights 3, 1, 3, ... from the rightmost digit of the body."""
    total = sum(int(d) * (3 if i % 2 == 0 else 1) for i, d in enumerate(reversed(body)))
    return str((10 - total % 10) % 10)


def gtin14(rng):
    kind = rng.random()
    if kind < 0.55:  # EAN-13 with a GS1 prefix, padded to 14
        body = "0" + rng.choice(("952", "400", "401", "300", "500", "871", "761", "540", "800", "590", "789",
                                 "693")) + chars(rng, DIGITS, 9)
    elif kind < 0.85:  # UPC-A, padded
        body = "00" + chars(rng, DIGITS, 11)
    elif kind < 0.95:  # case GTIN-14 with an indicator digit
        body = str(rng.randint(1, 8)) + "0" + chars(rng, DIGITS, 11)
    else:  # EAN-8, padded
        body = "000000" + chars(rng, DIGITS, 7)
    return body + gtin_check_digit(body)


def yymmdd(rng):
    return "%02d%02d%02d" % (rng.randint(25, 30), rng.randint(1, 12), rng.randint(1, 28))


def gs1_digital_link(rng):
    if rng.random() < 0.4:
        host = "id.gs1.org"
    else:
        host = rng.choice(("", "", "id.", "www.", "qr.", "dl.")) + rng.choice(BRANDS)
        host += rng.choice((".com", ".com", ".de", ".co.uk", ".eu"))
    url = "https://" + host + rng.choice(("", "", "", "", "/p", "/dl")) + "/01/" + gtin14(rng)
    kind = rng.random()
    if kind < 0.3:
        pass
    elif kind < 0.6:
        url += "/10/" + rng.choice((chars(rng, UPPER + DIGITS, rng.randint(4, 10)),
                                    chars(rng, DIGITS, rng.randint(4, 8)),
                                    "L" + yymmdd(rng), chars(rng, UPPER, 2) + chars(rng, DIGITS, 4)))
    elif kind < 0.9:
        url += "/10/" + chars(rng, UPPER + DIGITS, rng.randint(3, 8))
        url += "/21/" + rng.choice((chars(rng, DIGITS, rng.randint(4, 12)),
                                    chars(rng, UPPER + DIGITS, rng.randint(6, 12)),
                                    chars(rng, BASE62, rng.randint(8, 16))))
    else:
        url += "/21/" + chars(rng, DIGITS + UPPER, rng.randint(6, 14))
    query = []
    if rng.random() < 0.35:
        query.append("17=" + yymmdd(rng))
    if rng.random() < 0.08:
        query.append("3103=" + "%06d" % rng.randint(50, 25000))
    if rng.random() < 0.1:
        query.append("linkType=gs1:" + rng.choice(("pip", "recipeInfo", "epil", "sustainabilityInfo")))
    if query:
        url += "?" + "&".join(query)
    if rng.random() < 0.05:
        url = url.upper()  # upper-cased to pack in QR's alphanumeric mode
    return url


# ------------------------------------------------------------------- Wi-Fi

SSID_BASES = ("Cafe Lumiere", "HOTEL-GUEST", "Guest WiFi", "Linksys", "NETGEAR", "TP-Link_", "FRITZ!Box 7590 ",
              "Vodafone-", "BELL", "Library Public", "Office-5G", "Bakery Guest", "Airbnb-", "DIRECT-", "eduroam",
              "The Green Room", "Studio_", "CoWork 2F", "Clinic-Waiting", "Gym Members", "xfinitywifi", "SKY")


def wifi_escape(text):
    return "".join("\\" + c if c in ';,:\\"' else c for c in text)


def wifi_password(rng):
    kind = rng.random()
    if kind < 0.3:
        return rng.choice(WORDS).capitalize() + str(rng.randint(10, 2026)) + rng.choice(("!", "#", "", "$", "?"))
    if kind < 0.55:
        return chars(rng, LOWER + DIGITS, rng.randint(8, 12))
    if kind < 0.75:
        return chars(rng, BASE62 + "!@#%&*-_+=?", rng.randint(10, 20))
    if kind < 0.85:
        return chars(rng, DIGITS, rng.choice((8, 10, 12)))
    if kind < 0.93:
        return "-".join(rng.choice(WORDS) for _ in range(rng.randint(3, 4)))
    return chars(rng, HEX, 64) if rng.random() < 0.5 else chars(rng, BASE62, rng.randint(24, 40))


def wifi(rng):
    ssid = rng.choice(SSID_BASES)
    if ssid.endswith(("_", "-", " ")) or ssid in ("Linksys", "NETGEAR", "BELL", "SKY"):
        ssid += rng.choice((chars(rng, HEX.upper(), 4), chars(rng, DIGITS, rng.randint(2, 5)),
                            chars(rng, DIGITS, 2) + rng.choice(("", "-5G"))))
    if rng.random() < 0.25:
        ssid = rng.choice(BRANDS).capitalize() + rng.choice((" Guest", "-Guest", "_guest", " Free WiFi", "-Staff", ""))
    auth = rng.choice(("WPA", "WPA", "WPA", "WPA", "WPA2", "SAE", "nopass", "WEP"))
    fields = [("T", auth), ("S", wifi_escape(ssid))]
    if auth != "nopass":
        pw = wifi_password(rng) if auth != "WEP" else chars(rng, HEX.upper(), rng.choice((10, 26)))
        fields.append(("P", wifi_escape(pw)))
    if rng.random() < 0.08:
        fields.append(("H", "true"))
    if rng.random() < 0.3:
        rng.shuffle(fields)
    return "WIFI:" + "".join(k + ":" + v + ";" for k, v in fields) + ";"


# -------------------------------------------------------------- deep links

def deep_link(rng):
    app = rng.choice(BRANDS) + rng.choice(("", "app", "", "-shop"))
    kind = rng.random()
    item = rng.choice((str(rng.randint(100, 99999999)), chars(rng, UPPER + DIGITS, rng.randint(6, 10)),
                       slug_words(rng, 1, 3), chars(rng, HEX, rng.choice((8, 24)))))
    query = rng.choice(("", "", "?ref=label", "?ref=qr", "?src=pkg&v=2", "?utm_source=label&utm_medium=qr",
                        "?store=" + str(rng.randint(1, 2000)), "?lang=en&ref=print", "?c=" + chars(rng, BASE62, 6)))
    if kind < 0.35:
        scheme_name = rng.choice((app, "my" + app[:6])).replace("-", "")
        path = rng.choice(("product", "item", "p", "open", "menu", "table", "offer", "scan", "store", "event"))
        return scheme_name + "://" + path + "/" + item + query
    if kind < 0.65:
        host = rng.choice(("app.", "open.", "link.", "l.", "go.")) + rng.choice(BRANDS)
        host += rng.choice((".com", ".app", ".io", ".co"))
        return "https://" + host + rng.choice(("/open/", "/p/", "/i/", "/a/", "/deeplink/", "/r/")) + item + query
    if kind < 0.8:  # Firebase-style dynamic links and their long form
        short = "https://" + rng.choice(BRANDS) + ".page.link/" + chars(rng, BASE62, rng.choice((4, 5, 17)))
        if rng.random() < 0.6:
            return short
        target = "https%3A%2F%2F" + rng.choice(BRANDS) + ".com%2F" + rng.choice(WORDS)
        target += "%2F" + item.replace("-", "%2D")
        return ("https://" + rng.choice(BRANDS) + ".page.link/?link=" + target + "&apn=com." + app.replace("-", "") +
                ".android&isi=" + chars(rng, DIGITS, 10) + "&ibi=com." + app.replace("-", "") + ".ios")
    if kind < 0.9:  # app-store links
        if rng.random() < 0.5:
            return "https://apps.apple.com/app/id" + chars(rng, "123456789", 1) + chars(rng, DIGITS, 9)
        return ("https://play.google.com/store/apps/details?id=com." + app.replace("-", "") + "." +
                rng.choice(("android", "app", "mobile")))
    package = app.replace("-", "")
    return ("intent://" + rng.choice(("scan", "open", "product")) + "/" + item + "#Intent;scheme=" + package +
            ";package=com." + package + ";end")


# ------------------------------------------------------------ tickets, orders

def ticket_id(rng):
    kind = rng.random()
    year = str(rng.choice((2025, 2026, 2027)))
    if kind < 0.2:
        return rng.choice(("TKT", "TIX", "EVT", "ADM")) + "-" + year + "-" + chars(rng, DIGITS, rng.randint(6, 8))
    if kind < 0.35:
        return rng.choice(("ORD#", "ORD-", "Order #", "#", "PO-", "INV-")) + chars(rng, CROCKFORD, rng.randint(5, 8))
    if kind < 0.5:  # plain numbers, order and ticket numbers, card-like barcodes
        return chars(rng, "123456789", 1) + chars(rng, DIGITS, rng.choice((7, 9, 11, 12, 15, 17, 19)))
    if kind < 0.6:
        return chars(rng, CROCKFORD, 6) if rng.random() < 0.5 else chars(rng, UPPER, 3) + chars(rng, DIGITS, 5)
    if kind < 0.7:
        return rng.choice(("order-", "ord_", "tkt_", "r-")) + chars(rng, LOWER + DIGITS, rng.randint(6, 12))
    if kind < 0.8:  # several fields joined as printed on an e-ticket
        return "|".join((chars(rng, UPPER, 2) + chars(rng, DIGITS, 8),
                         year + "%02d%02d" % (rng.randint(1, 12), rng.randint(1, 28)),
                         rng.choice(("GA", "SEC" + str(rng.randint(100, 330)), "VIP", "FLOOR")),
                         "R" + str(rng.randint(1, 40)) + "S" + str(rng.randint(1, 30))))
    if kind < 0.88:  # IATA boarding pass (BCBP) mandatory items
        name = (rng.choice(("SMITH", "GARCIA", "MUELLER", "NGUYEN", "ROSSI", "KOWALSKI", "DUBOIS")) + "/" +
                rng.choice(("JOHN", "MARIA", "ANNA", "LUCA", "WEI", "SOPHIE", "TOMASZ"))).ljust(20)
        return ("M1" + name + rng.choice(("E", " ")) + chars(rng, UPPER + DIGITS, 6) + " " +
                "".join(rng.sample(("FRA", "LHR", "JFK", "SFO", "CDG", "AMS", "MAD", "WAW"), 2)) +
                rng.choice(("LH ", "BA ", "UA ", "AF ", "KL ")) + "%04d" % rng.randint(1, 9999) + " " +
                "%03d" % rng.randint(1, 365) + rng.choice("YMJC") +
                "%03d%s" % (rng.randint(1, 60), rng.choice("ABCDEF")) +
                "%04d" % rng.randint(1, 400) + " 100")
    if kind < 0.95:
        return (rng.choice(("RMA", "SN", "WO", "CASE")) + chars(rng, DIGITS, rng.randint(6, 10)) +
                rng.choice(("", "-" + chars(rng, UPPER, 2))))
    prefix = rng.choice(BRANDS).upper()[:4]
    return "-".join([prefix] + [chars(rng, CROCKFORD, 4) for _ in range(3)])


# ---------------------------------------------------------- tracking URLs

def ups_number(rng):
    return "1Z" + chars(rng, UPPER + DIGITS, 6) + chars(rng, DIGITS, 10)


def tracking_url(rng):
    carrier = rng.randrange(7)
    if carrier == 0:
        url = "https://www.ups.com/track?loc=" + rng.choice(("en_US", "de_DE", "en_GB", "fr_FR"))
        url += "&tracknum=" + ups_number(rng)
        url += "&requester=" + rng.choice(("ST", "QUIC", "WT")) + "/trackdetails"
    elif carrier == 1:
        url = "https://www.fedex.com/fedextrack/?trknbr=" + chars(rng, DIGITS, rng.choice((12, 15, 20)))
        url += "&trkqual=" + chars(rng, DIGITS, 5) + "~" + chars(rng, DIGITS, 12) + "~FX"
    elif carrier == 2:
        url = "https://tools.usps.com/go/TrackConfirmAction?qtc_tLabels1=9" + chars(rng, "234", 1)
        url += chars(rng, DIGITS, 20)
    elif carrier == 3:
        url = "https://www.dhl.com/" + rng.choice(("us-en", "de-de", "gb-en", "nl-nl")) + "/home/tracking/tracking-"
        url += rng.choice(("express", "parcel", "ecommerce")) + ".html?submit=1&tracking-id="
        url += chars(rng, DIGITS, rng.choice((10, 12, 20)))
    elif carrier == 4:
        url = ("https://parcelsapp.com/en/tracking/" if rng.random() < 0.3 else "https://t.17track.net/en#nums=") + \
            chars(rng, UPPER, 2) + chars(rng, DIGITS, 9) + rng.choice(("CN", "DE", "GB", "US"))
    else:
        host = rng.choice(("track.", "tracking.", "www.", "delivery.")) + rng.choice(BRANDS)
        host += rng.choice(("logistics", "express", "post", "")) + rng.choice((".com", ".eu", ".de"))
        url = "https://" + host + rng.choice(("/track", "/tracking", "/t", "/shipment/status", "/en/parcel"))
        url += "?" + rng.choice(("id", "tn", "parcel", "shipment", "trackingNumber"))
        url += "=" + chars(rng, DIGITS, rng.randint(10, 22))
        if rng.random() < 0.5:
            url += "&zip=" + chars(rng, DIGITS, 5)
    extras = [("lang", rng.choice(("en", "de", "fr", "es"))), ("cntry_code", rng.choice(("us", "de", "gb"))),
              ("utm_source", rng.choice(("label", "packing_slip", "shipping_label"))), ("utm_medium", "qr"),
              ("utm_campaign", "delivery_" + rng.choice(("notify", "track", "tracking"))),
              ("shipper", rng.choice(BRANDS)), ("order", chars(rng, DIGITS, rng.randint(6, 10))),
              ("ref", chars(rng, UPPER + DIGITS, 8)), ("ts", str(rng.randint(1767225600, 1830297600))),
              ("sig", chars(rng, HEX, rng.choice((16, 32))))]
    rng.shuffle(extras)
    target = rng.randint(100, 250)
    for key, value in extras:
        piece = ("&" if "?" in url else "?") + key + "=" + value
        if len(url) >= target or len(url) + len(piece) > 250:
            break
        url += piece
    return url


# -------------------------------------------------------------- contacts

FIRST = ("Jane", "John", "Maria", "Ahmed", "Yuki", "Lena", "Carlos", "Priya", "Olu", "Sofia", "Tomasz", "Mei")
LAST = ("Doe", "Smith", "Garcia", "Khan", "Tanaka", "Schmidt", "Rossi", "Patel", "Okafor", "Novak", "Chen", "Berg")


def phone(rng):
    kind = rng.random()
    if kind < 0.5:
        sep = rng.choice(("", "-", " "))
        return "+1" + sep + chars(rng, "23456789", 1) + chars(rng, DIGITS, 2) + sep + chars(rng, DIGITS, 3) + sep + \
            chars(rng, DIGITS, 4)
    if kind < 0.8:
        country = rng.choice(("44", "49", "33", "34", "39", "31", "48", "81"))
        return "+" + country + chars(rng, DIGITS, rng.randint(9, 11))
    return "0" + chars(rng, DIGITS, rng.randint(9, 10))


def email(rng, first, last):
    domain = rng.choice(BRANDS) + rng.choice((".com", ".de", ".co.uk", ".io"))
    user = rng.choice((first.lower(), first.lower() + "." + last.lower(), first[0].lower() + last.lower(),
                       rng.choice(("info", "support", "hello", "sales", "orders"))))
    return user + "@" + domain


def contact(rng):
    first, last = rng.choice(FIRST), rng.choice(LAST)
    kind = rng.random()
    if kind < 0.25:
        url = "mailto:" + email(rng, first, last)
        if rng.random() < 0.6:
            url += "?subject=" + rng.choice(("Order%20", "Warranty%20claim%20", "Question%20about%20", "RMA%20"))
            url += chars(rng, DIGITS, rng.randint(4, 8))
            if rng.random() < 0.5:
                url += "&body=" + rng.choice(("Hello%2C%0A", "Hi%20team%2C%20", "Serial%3A%20"))
                url += chars(rng, UPPER + DIGITS, rng.randint(6, 12))
        return url
    if kind < 0.45:
        return rng.choice(("tel:", "TEL:", "tel:")) + phone(rng)
    if kind < 0.65:
        number = phone(rng)
        text = rng.choice(("JOIN", "STOP", "INFO " + chars(rng, UPPER + DIGITS, 5), "Table " + str(rng.randint(1, 40)),
                           "Vote " + str(rng.randint(1, 12))))
        if rng.random() < 0.5:
            return "SMSTO:" + number + ":" + text
        return "sms:" + number + "?body=" + text.replace(" ", "%20")
    fields = ["N:" + last + "," + first, "TEL:" + phone(rng), "EMAIL:" + email(rng, first, last)]
    if rng.random() < 0.5:
        fields.append("ORG:" + rng.choice(BRANDS).capitalize() + rng.choice((" GmbH", " Ltd", " Inc.", " & Co", "")))
    if rng.random() < 0.5:
        fields.append("URL:https://" + brand_host(rng))
    if rng.random() < 0.3:
        street = str(rng.randint(1, 400)) + " " + rng.choice(("Main St", "Hauptstrasse", "Rue de Rivoli",
                                                             "High Street"))
        fields.append("ADR:" + street + "\\, " + rng.choice(("Springfield", "Berlin", "Paris", "Leeds")))
    if rng.random() < 0.3:
        fields.append("NOTE:" + rng.choice(("Sales", "Booth " + str(rng.randint(1, 300)), "After-hours support")))
    return "MECARD:" + ";".join(fields) + ";;"


# The shapes and how many distinct payloads of each the corpus holds.
SHAPES = (("short_link", short_link, 340), ("campaign_url", campaign_url, 300),
          ("signed_token", signed_token, 240), ("gs1_digital_link", gs1_digital_link, 300),
          ("wifi", wifi, 200), ("deep_link", deep_link, 240), ("ticket_id", ticket_id, 260),
          ("tracking_url", tracking_url, 240), ("contact", contact, 100))


def printable(text):
    return all(" " <= c <= "~" for c in text)


# Complete data, not a note: the words that, spelled by chance inside a random
# token, make a corpus line read as unfinished; generate() redraws such tokens.
WIP_WORDS = ("xxx", "todo", "fixme", "tbd")


def generate(seed):
    rng = random.Random(seed)
    seen, rows = set(), []
    for shape, make, count in SHAPES:
        made = 0
        while made < count:
            payload = make(rng)
            # Redrawn from a side stream, so the rest of the corpus keeps its draws.
            side = random.Random(f"{seed}/{shape}/{made}")
            while any(word in payload.lower() for word in WIP_WORDS):
                payload = make(side)
            assert printable(payload), (shape, payload)
            if payload in seen:
                continue
            seen.add(payload)
            rows.append({"shape": shape, "payload": payload})
            made += 1
    return rows


def summary(rows):
    by_shape = collections.defaultdict(list)
    for row in rows:
        by_shape[row["shape"]].append(len(row["payload"]))
    lines = ["shape               count  min len  median  max len"]
    for shape, lengths in by_shape.items():
        lengths.sort()
        lines.append(f"{shape:18s} {len(lengths):6d} {lengths[0]:8d} {lengths[len(lengths) // 2]:7d} {lengths[-1]:8d}")
    every = sorted(len(row["payload"]) for row in rows)
    lines.append(f"{'all':18s} {len(every):6d} {every[0]:8d} {every[len(every) // 2]:7d} {every[-1]:8d}")
    return "\n".join(lines)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.path.join(here, "encodation_corpus.jsonl"))
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    rows = generate(args.seed)
    with open(args.out, "w", encoding="ascii") as f:
        for row in rows:
            f.write(json.dumps(row, separators=(",", ":")) + "\n")
    print(f"wrote {len(rows)} payloads to {args.out}")
    print(summary(rows))


if __name__ == "__main__":
    main()
