import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'

// Build-time configuration of the PWA. The same variables configure the server at run time,
// so `npm start` builds the client with the values the server enforces.
const env = process.env

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, routeFileIgnorePrefix: '-' }),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    react(),
    lingui(),
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
