import { defineModule } from '../app-module.js';
import proofsRepository from './proofs.repository.js';
import proofsRoutes from './proofs.routes.js';
import proofsService from './proofs.service.js';
import verificationRoutes, { isProofPath, sendProofUnknown } from './verification.routes.js';

/** Issued documents and their verification (issue 27, decisions 0044 and 0045). */
export default defineModule({
  repositories: [proofsRepository, proofsService],
  routes: [proofsRoutes],
  pages: [verificationRoutes],
  // A verification path gets the answer of an unknown code, whatever its characters.
  frameworkErrorClaims: [{ matches: isProofPath, send: sendProofUnknown }],
});
