// A book's cover at a fixed width and a book's 2:3 shape, from our own server (issue 17). The server's
// resolver URL answers every size of shared/covers.ts, so the browser picks from srcset what the width and
// the screen's density need. The placeholder reserves the space and shows until the image has loaded, and
// stays when there is no cover (no URL, or the server answers 404), so nothing shifts either way.
import { Box, Image } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useState } from 'react';
import { COVER_ASPECT, COVER_SIZES, COVER_SIZE_NAMES } from '@shared/covers';
import type { CoverSize } from '@shared/covers';
import { CoverPlaceholder } from './cover-placeholder';

export interface BookCoverProps {
  url: string | null;
  title: string;
  author?: string | null | undefined;
  /** The work's id: the placeholder's colour comes from it (the title stands in without one). */
  workId?: string | null | undefined;
  width?: number;
  /** Above the fold (the work page's header): load at once and first; everything else loads lazily. */
  eager?: boolean;
}

/** The resolver URL for one size. */
export const coverSizeUrl = (url: string, size: CoverSize) =>
  `${url}${url.includes('?') ? '&' : '?'}size=${size}`;

export const coverSrcSet = (url: string) =>
  COVER_SIZE_NAMES.map((size) => `${coverSizeUrl(url, size)} ${COVER_SIZES[size]}w`).join(', ');

/** The fallback src (browsers without srcset): the smallest size that is sharp at 2x for this width. */
export const coverFallbackSize = (width: number): CoverSize =>
  COVER_SIZE_NAMES.find((size) => COVER_SIZES[size] >= width * 2) ?? 'header';

export function BookCover({ url, title, author, workId, width = 64, eager = false }: BookCoverProps) {
  const [state, setState] = useState<{ url: string | null; status: 'loading' | 'loaded' | 'failed' }>({
    url,
    status: 'loading',
  });
  // A new URL (another edition chosen) starts loading afresh.
  const status = state.url === url ? state.status : 'loading';
  const reduceMotion = useReducedMotion();
  const height = Math.round(width * COVER_ASPECT);
  const showImage = url !== null && status !== 'failed';
  return (
    <Box
      style={{
        position: 'relative',
        // In px, as the image's width and height attributes are: the reserved box is exactly the image's.
        width,
        height,
        flexShrink: 0,
        borderRadius: '2px 4px 4px 2px',
        overflow: 'hidden',
      }}
    >
      {status !== 'loaded' && (
        <CoverPlaceholder
          title={title}
          author={author}
          colourKey={workId ?? title}
          width={width}
          decorative={showImage}
        />
      )}
      {showImage && (
        <Image
          src={coverSizeUrl(url, coverFallbackSize(width))}
          srcSet={coverSrcSet(url)}
          sizes={`${width}px`}
          alt={`Cover of ${title}`}
          width={width}
          height={height}
          fit="cover"
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          onLoad={() => setState({ url, status: 'loaded' })}
          onError={() => setState({ url, status: 'failed' })}
          style={{
            position: 'absolute',
            inset: 0,
            width,
            height,
            opacity: status === 'loaded' ? 1 : 0,
            transition: reduceMotion ? undefined : 'opacity 150ms ease-out',
          }}
        />
      )}
    </Box>
  );
}
