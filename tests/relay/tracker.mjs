// A WebTorrent WebSocket tracker on 127.0.0.1 (npm bittorrent-tracker's server, the same software
// kind as the public trackers a friends' table uses for its signalling): the browser tests'
// loopback relay. Prints {"port": N} once listening; runs until killed.
import Server from "bittorrent-tracker/server";

const server = new Server({ http: false, udp: false, ws: true, stats: false });
server.on("error", (err) => console.error(String(err)));
server.on("listening", () => {
  process.stdout.write(JSON.stringify({ port: server.ws.address().port }) + "\n");
});
server.listen(Number(process.argv[2] || 0), "127.0.0.1");
