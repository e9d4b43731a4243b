import fp from 'fastify-plugin';
import { createPdfPool, type PdfPool } from '../export/pdf-pool.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one pool of PDF worker threads: the export and the share links' public PDF render through it. */
    pdfPool: PdfPool;
  }
}

/** pdfkit blocks for hundreds of milliseconds on a long table: it runs in worker threads, started on first use. */
export default fp(
  async (app) => {
    const pool = createPdfPool();
    app.decorate('pdfPool', pool);
    app.addHook('onClose', () => pool.close());
  },
  { name: 'pdfPool' },
);
