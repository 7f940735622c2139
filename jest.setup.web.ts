// The portal's component tests run with the setup a remote's run with (@portal/remote-kit/jest).
import '@portal/remote-kit/jest-setup.cjs';
