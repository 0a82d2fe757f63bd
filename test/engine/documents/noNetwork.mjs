// Loaded with --import into the parsing worker (and so, inherited, into tesseract's own worker):
// any attempt to reach the network throws, so an OCR run that would download data fails loudly.
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import { syncBuiltinESMExports } from "node:module";
import net from "node:net";
import tls from "node:tls";

const trip = (what) => () => {
  throw new Error(`network use during document ingestion: ${what}`);
};

globalThis.fetch = trip("fetch");
http.request = trip("http.request");
http.get = trip("http.get");
https.request = trip("https.request");
https.get = trip("https.get");
net.connect = trip("net.connect");
net.createConnection = trip("net.createConnection");
tls.connect = trip("tls.connect");
dns.lookup = trip("dns.lookup");
syncBuiltinESMExports();
