# qrtui: one command to set up and run, one to set up and test.
#   make run    install missing Debian packages, build release, run qrtui (ARGS="--demo")
#   make test   install missing Debian packages, run the whole test suite
#   make bench  the benchmark (corpus, per-frame costs, live clips, CPU on a camera)
#   make fuzz   every fuzz harness under libFuzzer and AddressSanitizer (FUZZ_SECONDS each)

DEBIAN_PACKAGES := pkg-config libzbar-dev libv4l-dev libncurses-dev libqrencode-dev \
                   libpng-dev libturbojpeg0-dev libwebp-dev libgif-dev libtiff-dev libzint-dev tmux
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
CORPUS ?= ../shared/corpus
ARGS ?=
FUZZ_SECONDS ?= 60

.PHONY: deps build run test bench fuzz clean

deps:
	@missing=""; \
	for p in $(DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	swift build -c release

run: build
	.build/release/qrtui $(ARGS)

# The capture, hand-over, camera and event-loop tests also run under ThreadSanitizer, and the
# parser, reading and camera tests under AddressSanitizer (each in its own build folder). The
# C targets trap on undefined behaviour in every build (Package.swift). ASan must not insist
# on coming first: the fake camera is preloaded before it.
TSAN_TESTS := HandOverTests|CameraTests|CameraScreenTests|HeadlessTests/(y4m|aCodeSeen|timeout|loop|imageOnStdin)|EventLoopTests|ScanWorkerTests
ASAN_TESTS := ImageCodecTests|Y4MSourceTests|FuzzRegressionTests|InputBoundsTests|BadInputTests|HostileInputTests|CodeScannerTests|ThoroughScanTests|LargeStillTests|LiveReaderTests|CorroborationTests|CameraTests
ASAN_OPTIONS_TEST := halt_on_error=1:detect_leaks=0:verify_asan_link_order=0

test: deps
	scripts/check-modules
	swift build --build-tests
	swift test
	swift build --build-tests --sanitize=thread --scratch-path .build/tsan
	TSAN_OPTIONS=halt_on_error=1 swift test --sanitize=thread --scratch-path .build/tsan --filter '$(TSAN_TESTS)'
	swift build --build-tests --sanitize=address --scratch-path .build/asan
	ASAN_OPTIONS=$(ASAN_OPTIONS_TEST) swift test --sanitize=address --scratch-path .build/asan --filter '$(ASAN_TESTS)'

bench: deps
	swift run -c release qrtui-bench --corpus $(CORPUS) --frames --render --capture --live --cost 20

fuzz: deps
	scripts/fuzz $(FUZZ_SECONDS)

clean:
	rm -rf .build
