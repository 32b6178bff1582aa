// Prints a TCP port that is free on 127.0.0.1 right now (the OS picks it).
import { createServer } from 'node:net';
const s = createServer();
s.listen(0, '127.0.0.1', () => {
  const { port } = s.address();
  s.close(() => console.log(port));
});
