import { defineModule } from '../app-module.js';
import shareLinksRepository from './share-links.repository.js';
import shareLinksRoutes from './share-links.routes.js';
import sharedProofRoutes, { isSharePath, sendShareNotFound } from './shared-proof.routes.js';

/** Share links and the public proof page (decision 0028). */
export default defineModule({
  repositories: [shareLinksRepository],
  routes: [shareLinksRoutes],
  pages: [sharedProofRoutes],
  // A share path answers the uniform 404 of unknown links, whatever its characters.
  frameworkErrorClaims: [{ matches: isSharePath, send: sendShareNotFound }],
});
