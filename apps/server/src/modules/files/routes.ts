import {
  getAnalyzerFile,
  getAssetFiles,
  getAssetGuidance,
  getAssetRatings,
  getFile,
  getFileAnalysis,
  getFileContent,
  getFileContents,
  getFilesByFilter,
  getLatestAnalyses,
  getMetricStats,
} from '@eh/contracts';
import type { FastifyInstance } from 'fastify';
import { featuresOf } from '../../kernel/entitlements.ts';
import { identifyCaller } from '../../kernel/http/auth.ts';
import { mount } from '../../kernel/http/route.ts';
import * as service from './service.ts';

/** SPEC §7 Files and pricing: public; a signed-in caller's plan decides which contents, ratings and guidance show. */
export async function filesRoutes(app: FastifyInstance) {
  const { ctx } = app;
  identifyCaller(app);
  const features = (req: { caller?: Parameters<typeof featuresOf>[1] }) => featuresOf(ctx, req.caller);
  mount(app, getAnalyzerFile, async (req) => service.analyzerFile(ctx, await features(req), req.params.id));
  mount(app, getFileAnalysis, async (req) => service.fileAnalysis(ctx, await features(req), req.params.id));
  mount(app, getFile, async (req) => service.file(ctx, await features(req), req.params.id));
  mount(app, getFileContent, async (req) => service.fileContent(ctx, await features(req), req.params.id));
  mount(app, getFilesByFilter, async (req) =>
    service.filesByFilter(ctx, await features(req), req.params.filter, req.query.limit),
  );
  mount(app, getLatestAnalyses, async (req) => service.latestAnalyses(ctx, await features(req), req.query.symbols));
  mount(app, getAssetFiles, async (req) => service.assetFiles(ctx, await features(req), req.params.symbol, req.query));
  mount(app, getFileContents, async (req) => service.quarterContents(ctx, await features(req), req.params));
  mount(app, getAssetRatings, async (req) => service.ratings(ctx, await features(req), req.params.symbol, req.query));
  mount(app, getAssetGuidance, async (req) => service.guidance(ctx, await features(req), req.params.symbol, req.query));
  mount(app, getMetricStats, async (req) => service.stats(ctx, req.query));
}
