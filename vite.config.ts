import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import { VitePWA } from 'vite-plugin-pwa'

// Build-time configuration of the PWA. The same variables configure the server at run time,
// so `npm start` builds the client with the values the server enforces.
const env = process.env

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routeFileIgnorePrefix: '-' }),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    react(),
    lingui(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // Registered by src/offline/service-worker.ts (workbox-window), which owns the update prompt.
      injectRegister: false,
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'] },
      manifest: {
        name: 'Brand Expert',
        short_name: 'Brand Expert',
        description: 'Free guided trials, vouchers and customers for in-store brand experts',
        lang: 'sr-Latn-ME',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#0b4f9c',
        background_color: '#f3f5f9',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
    }),
  ],
  define: {
    'import.meta.env.VITE_ALLOWED_EMAIL_DOMAINS': JSON.stringify(
      env.ALLOWED_EMAIL_DOMAINS ?? 'example.com,example.rs,example.me',
    ),
    'import.meta.env.VITE_SUPPORT_EMAIL': JSON.stringify(env.SUPPORT_EMAIL ?? 'podrska@example.me'),
  },
  build: { target: 'es2023', sourcemap: true },
  server: { proxy: { '/api': 'http://localhost:3000', '/assets': 'http://localhost:3000' } },
})
