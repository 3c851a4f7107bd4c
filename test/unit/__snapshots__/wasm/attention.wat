(func $run (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32) (param $4 f32) (param $5 i32) (param $6 i32) (param $7 i32)
  (local $8 i32) (local $9 i32) (local $10 i32) (local $11 i32) (local $12 f32) (local $13 f32) (local $14 f32) (local $15 f32) (local $16 f32) (local $17 f32) (local $18 i32) (local $19 v128) (local $20 v128) (local $21 v128) (local $22 v128) (local $23 v128) (local $24 v128) (local $25 v128) (local $26 v128) (local $27 i32) (local $28 i32) (local $29 i32) (local $30 i32) (local $31 i32) (local $32 i32) (local $33 i32) (local $34 i32) (local $35 i32) (local $36 i32) (local $37 v128) (local $38 v128) (local $39 v128) (local $40 v128) (local $41 v128) (local $42 v128) (local $43 f32) (local $44 v128) (local $45 v128) (local $46 v128) (local $47 v128) (local $48 v128) (local $49 v128) (local $50 v128) (local $51 v128) (local $52 v128) (local $53 v128) (local $54 v128) (local $55 v128) (local $56 v128) (local $57 v128) (local $58 v128) (local $59 v128) (local $60 v128) (local $61 v128) (local $62 v128) (local $63 v128) (local $64 v128) (local $65 v128) (local $66 v128) (local $67 v128) (local $68 v128) (local $69 v128) (local $70 v128) (local $71 v128) (local $72 v128) (local $73 v128) (local $74 v128) (local $75 v128) (local $76 v128) (local $77 v128) (local $78 v128) (local $79 v128) (local $80 v128) (local $81 v128) (local $82 v128) (local $83 v128) (local $84 v128) (local $85 v128) (local $86 v128) (local $87 v128) (local $88 v128) (local $89 v128) (local $90 v128) (local $91 v128) (local $92 v128) (local $93 v128) (local $94 v128) (local $95 v128) (local $96 v128) (local $97 v128) (local $98 v128) (local $99 v128) (local $100 v128) (local $101 v128) (local $102 v128) (local $103 v128) (local $104 v128) (local $105 v128) (local $106 v128) (local $107 v128) (local $108 v128) (local $109 v128) (local $110 v128) (local $111 v128) (local $112 f32) (local $113 f32) (local $114 f32) (local $115 i32) (local $116 i32) (local $117 f32) (local $118 f32) (local $119 f32) (local $120 f32) (local $121 f32) (local $122 i32) (local $123 i32) (local $124 f32) (local $125 f32) (local $126 v128) (local $127 f32) (local $128 v128) (local $129 i32) (local $130 i32) (local $131 f32) (local $132 v128) (local $133 i32) (local $134 f32) (local $135 f32) (local $136 i32) (local $137 f32) (local $138 f32) (local $139 i32) (local $140 i32) (local $141 i32) (local $142 i32) (local $143 i32) (local $144 i32) (local $145 i32) (local $146 i32) (local $147 i32) (local $148 i32) (local $149 i32) (local $150 i32) (local $151 i32) (local $152 i32) (local $153 i32) (local $154 i32) (local $155 i32) (local $156 i32) (local $157 v128) (local $158 v128) (local $159 v128) (local $160 v128) (local $161 v128) (local $162 v128) (local $163 v128) (local $164 v128) (local $165 v128) (local $166 v128) (local $167 v128) (local $168 v128) (local $169 v128) (local $170 v128) (local $171 v128) (local $172 v128) (local $173 v128) (local $174 v128) (local $175 v128) (local $176 v128) (local $177 v128) (local $178 v128) (local $179 v128) (local $180 v128) (local $181 v128) (local $182 f32) (local $183 i32) (local $184 i32) (local $185 f32) (local $186 v128) (local $187 v128) (local $188 v128) (local $189 v128) (local $190 f32) (local $191 v128) (local $192 v128) (local $193 v128) (local $194 v128) (local $195 v128) (local $196 v128) (local $197 v128) (local $198 f32) (local $199 v128) (local $200 v128) (local $201 v128) (local $202 v128) (local $203 v128) (local $204 v128) (local $205 v128) (local $206 i32) (local $207 f32) (local $208 i32) (local $209 i32) (local $210 f32) (local $211 f32) (local $212 f32) (local $213 f32) (local $214 f32) (local $215 i32) (local $216 i32) (local $217 f32) (local $218 f32) (local $219 v128) (local $220 f32) (local $221 v128) (local $222 i32) (local $223 i32) (local $224 f32) (local $225 v128) (local $226 i32) (local $227 f32) (local $228 i32) (local $229 i32) (local $230 f32) (local $231 f32) (local $232 f32) (local $233 f32) (local $234 f32) (local $235 i32) (local $236 i32) (local $237 f32) (local $238 f32) (local $239 v128) (local $240 f32) (local $241 v128) (local $242 i32) (local $243 i32) (local $244 f32) (local $245 v128) (local $246 i32) (local $247 f32) (local $248 f32) (local $249 i32) (local $250 i32) (local $251 i32) (local $252 i32) (local $253 i32) (local $254 i32) (local $255 i32) (local $256 i32) (local $257 i32) (local $258 i32) (local $259 i32) (local $260 i32) (local $261 i32) (local $262 i32) (local $263 i32) (local $264 v128) (local $265 v128) (local $266 v128) (local $267 v128) (local $268 v128) (local $269 v128) (local $270 v128) (local $271 v128) (local $272 v128) (local $273 v128) (local $274 v128) (local $275 v128) (local $276 v128) (local $277 f32) (local $278 i32) (local $279 i32) (local $280 f32) (local $281 v128) (local $282 v128) (local $283 f32) (local $284 v128) (local $285 v128) (local $286 v128) (local $287 v128) (local $288 v128) (local $289 v128) (local $290 v128) (local $291 i32) (local $292 f32) (local $293 i32) (local $294 i32) (local $295 f32) (local $296 f32) (local $297 f32) (local $298 f32) (local $299 f32) (local $300 i32) (local $301 i32) (local $302 f32) (local $303 f32) (local $304 v128) (local $305 f32) (local $306 v128) (local $307 i32) (local $308 i32) (local $309 f32) (local $310 v128) (local $311 i32)
  local.get 6
  local.set 8
  block
    loop
      local.get 8
      i32.const 15
      i32.add
      local.get 7
      i32.ge_s
      br_if 1
      local.get 5
      v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
      v128.store offset=1600
      local.get 5
      v128.const f32x4 0 0 0 0
      v128.store offset=1664
      local.get 5
      v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
      v128.store offset=1616
      local.get 5
      v128.const f32x4 0 0 0 0
      v128.store offset=1680
      local.get 5
      v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
      v128.store offset=1632
      local.get 5
      v128.const f32x4 0 0 0 0
      v128.store offset=1696
      local.get 5
      v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
      v128.store offset=1648
      local.get 5
      v128.const f32x4 0 0 0 0
      v128.store offset=1712
      i32.const 0
      local.set 33
      block
        loop
          local.get 33
          i32.const 16
          i32.ge_s
          br_if 1
          local.get 8
          local.get 33
          i32.add
          local.set 18
          local.get 18
          i32.const 8
          i32.mul
          local.set 36
          i32.const 0
          local.set 9
          block
            loop
              local.get 9
              i32.const 7
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 36
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.const f32x4 0 0 0 0
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              local.get 0
              local.get 36
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.const f32x4 0 0 0 0
              v128.store
              local.get 9
              i32.const 4
              i32.sub
              local.set 9
              local.get 9
              i32.const 8
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 3
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 36
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.const f32x4 0 0 0 0
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 18
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.const 0
              f32.store
              local.get 9
              i32.const 1
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 33
          i32.const 1
          i32.add
          local.set 33
          br 0
        end
      end
      local.get 8
      i32.const 0
      i32.add
      local.set 18
      local.get 1
      local.get 18
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 27
      local.get 5
      i32.const 0
      i32.add
      local.set 28
      i32.const 0
      local.set 29
      block
        loop
          local.get 29
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 27
          v128.load
          local.set 37
          local.get 27
          v128.load offset=32
          local.set 38
          local.get 27
          v128.load offset=64
          local.set 39
          local.get 27
          v128.load offset=96
          local.set 40
          local.get 37
          local.get 38
          i8x16.shuffle i32 lanes 0 4 1 5
          local.set 41
          local.get 39
          local.get 40
          i8x16.shuffle i32 lanes 0 4 1 5
          local.set 42
          local.get 28
          local.get 41
          local.get 42
          i8x16.shuffle i32 lanes 0 1 4 5
          v128.store
          local.get 28
          local.get 41
          local.get 42
          i8x16.shuffle i32 lanes 2 3 6 7
          v128.store offset=64
          local.get 37
          local.get 38
          i8x16.shuffle i32 lanes 2 6 3 7
          local.set 41
          local.get 39
          local.get 40
          i8x16.shuffle i32 lanes 2 6 3 7
          local.set 42
          local.get 28
          local.get 41
          local.get 42
          i8x16.shuffle i32 lanes 0 1 4 5
          v128.store offset=128
          local.get 28
          local.get 41
          local.get 42
          i8x16.shuffle i32 lanes 2 3 6 7
          v128.store offset=192
          local.get 27
          v128.load offset=128
          local.set 37
          local.get 27
          v128.load offset=160
          local.set 38
          local.get 27
          v128.load offset=192
          local.set 39
          local.get 27
          v128.load offset=224
          local.set 40
          local.get 37
          local.get 38
          i8x16.shuffle i32 lanes 0 4 1 5
          local.set 41
          local.get 39
          local.get 40
          i8x16.shuffle i32 lanes 0 4 1 5
          local.set 42
          local.get 28
          local.get 41
          local.get 42
          i8x16.shuffle i32 lanes 0 1 4 5
          v128.store offset=16
          local.get 28
          local.get 41
          local.get 42
          i8x16.shuffle i32 lanes 2 3 6 7
          v128.store offset=80
          local.get 37
          local.get 38
          i8x16.shuffle i32 lanes 2 6 3 7
          local.set 41
          local.get 39
          local.get 40
          i8x16.shuffle i32 lanes 2 6 3 7
          local.set 42
          local.get 28
          local.get 41
          local.get 42
          i8x16.shuffle i32 lanes 0 1 4 5
          v128.store offset=144
          local.get 28
          local.get 41
          local.get 42
          i8x16.shuffle i32 lanes 2 3 6 7
          v128.store offset=208
          local.get 27
          v128.load offset=256
          local.set 37
          local.get 27
          v128.load offset=288
          local.set 38
          local.get 27
          v128.load offset=320
          local.set 39
          local.get 27
          v128.load offset=352
          local.set 40
          local.get 37
          local.get 38
          i8x16.shuffle i32 lanes 0 4 1 5
          local.set 41
          local.get 39
          local.get 40
          i8x16.shuffle i32 lanes 0 4 1 5
          local.set 42
          local.get 28
          local.get 41
          local.get 42
          i8x16.shuffle i32 lanes 0 1 4 5
          v128.store offset=32
          local.get 28
          local.get 41
          local.get 42
          i8x16.shuffle i32 lanes 2 3 6 7
          v128.store offset=96
          local.get 37
          local.get 38
          i8x16.shuffle i32 lanes 2 6 3 7
          local.set 41
          local.get 39
          local.get 40
          i8x16.shuffle i32 lanes 2 6 3 7
          local.set 42
          local.get 28
          local.get 41
          local.get 42
          i8x16.shuffle i32 lanes 0 1 4 5
          v128.store offset=160
          local.get 28
          local.get 41
          local.get 42
          i8x16.shuffle i32 lanes 2 3 6 7
          v128.store offset=224
          local.get 27
          v128.load offset=384
          local.set 37
          local.get 27
          v128.load offset=416
          local.set 38
          local.get 27
          v128.load offset=448
          local.set 39
          local.get 27
          v128.load offset=480
          local.set 40
          local.get 37
          local.get 38
          i8x16.shuffle i32 lanes 0 4 1 5
          local.set 41
          local.get 39
          local.get 40
          i8x16.shuffle i32 lanes 0 4 1 5
          local.set 42
          local.get 28
          local.get 41
          local.get 42
          i8x16.shuffle i32 lanes 0 1 4 5
          v128.store offset=48
          local.get 28
          local.get 41
          local.get 42
          i8x16.shuffle i32 lanes 2 3 6 7
          v128.store offset=112
          local.get 37
          local.get 38
          i8x16.shuffle i32 lanes 2 6 3 7
          local.set 41
          local.get 39
          local.get 40
          i8x16.shuffle i32 lanes 2 6 3 7
          local.set 42
          local.get 28
          local.get 41
          local.get 42
          i8x16.shuffle i32 lanes 0 1 4 5
          v128.store offset=176
          local.get 28
          local.get 41
          local.get 42
          i8x16.shuffle i32 lanes 2 3 6 7
          v128.store offset=240
          local.get 27
          i32.const 16
          i32.add
          local.set 27
          local.get 28
          i32.const 256
          i32.add
          local.set 28
          local.get 29
          i32.const 4
          i32.add
          local.set 29
          br 0
        end
      end
      local.get 29
      local.set 29
      block
        loop
          local.get 29
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 28
          local.get 27
          f32.load
          f32.store
          local.get 28
          local.get 27
          f32.load offset=32
          f32.store offset=4
          local.get 28
          local.get 27
          f32.load offset=64
          f32.store offset=8
          local.get 28
          local.get 27
          f32.load offset=96
          f32.store offset=12
          local.get 28
          local.get 27
          f32.load offset=128
          f32.store offset=16
          local.get 28
          local.get 27
          f32.load offset=160
          f32.store offset=20
          local.get 28
          local.get 27
          f32.load offset=192
          f32.store offset=24
          local.get 28
          local.get 27
          f32.load offset=224
          f32.store offset=28
          local.get 28
          local.get 27
          f32.load offset=256
          f32.store offset=32
          local.get 28
          local.get 27
          f32.load offset=288
          f32.store offset=36
          local.get 28
          local.get 27
          f32.load offset=320
          f32.store offset=40
          local.get 28
          local.get 27
          f32.load offset=352
          f32.store offset=44
          local.get 28
          local.get 27
          f32.load offset=384
          f32.store offset=48
          local.get 28
          local.get 27
          f32.load offset=416
          f32.store offset=52
          local.get 28
          local.get 27
          f32.load offset=448
          f32.store offset=56
          local.get 28
          local.get 27
          f32.load offset=480
          f32.store offset=60
          local.get 27
          i32.const 4
          i32.add
          local.set 27
          local.get 28
          i32.const 64
          i32.add
          local.set 28
          local.get 29
          i32.const 1
          i32.add
          local.set 29
          br 0
        end
      end
      local.get 8
      i32.const 0
      i32.add
      local.set 18
      local.get 0
      local.get 18
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 31
      i32.const 0
      local.set 32
      block
        loop
          local.get 32
          i32.const 15
          i32.add
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 32
          local.set 10
          local.get 2
          local.get 10
          i32.const 8
          i32.mul
          i32.const 2
          i32.shl
          i32.add
          local.set 35
          local.get 3
          local.get 10
          i32.const 8
          i32.mul
          i32.const 2
          i32.shl
          i32.add
          local.set 30
          local.get 5
          i32.const 0
          i32.add
          local.get 35
          local.get 5
          i32.const 512
          i32.add
          call $flashScores
          v128.const i32x4 0 0 0 0
          local.set 24
          local.get 8
          i32.const 0
          i32.add
          local.set 18
          v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
          local.set 22
          i32.const 0
          local.set 33
          block
            loop
              local.get 33
              i32.const 16
              i32.ge_s
              br_if 1
              local.get 32
              local.get 33
              i32.add
              local.set 10
              local.get 5
              local.get 33
              i32.const 64
              i32.mul
              i32.add
              local.set 34
              local.get 34
              local.get 34
              v128.load offset=512
              local.set 26
              local.get 26
              local.get 4
              f32x4.splat
              f32x4.mul
              local.tee 25
              v128.store offset=512
              local.get 25
              local.get 22
              f32x4.pmax
              local.set 22
              local.get 33
              i32.const 1
              i32.add
              local.set 33
              br 0
            end
          end
          local.get 5
          v128.load offset=1600
          local.set 19
          local.get 19
          local.set 44
          local.get 22
          local.tee 45
          local.get 44
          local.get 45
          f32x4.pmax
          local.get 45
          local.get 45
          f32x4.ne
          v128.bitselect
          local.set 20
          v128.const f32x4 1 1 1 1
          local.set 46
          local.get 19
          local.get 20
          f32x4.sub
          local.tee 47
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 48
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 49
          local.get 49
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 50
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 50
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 51
          local.get 51
          f32x4.mul
          v128.const f32x4 0.000198756915 0.000198756915 0.000198756915 0.000198756915
          local.get 51
          f32x4.mul
          v128.const f32x4 0.0013981999507 0.0013981999507 0.0013981999507 0.0013981999507
          f32x4.add
          local.get 51
          f32x4.mul
          v128.const f32x4 0.0083334519073 0.0083334519073 0.0083334519073 0.0083334519073
          f32x4.add
          local.get 51
          f32x4.mul
          v128.const f32x4 0.041665795894 0.041665795894 0.041665795894 0.041665795894
          f32x4.add
          local.get 51
          f32x4.mul
          v128.const f32x4 0.16666665459 0.16666665459 0.16666665459 0.16666665459
          f32x4.add
          local.get 51
          f32x4.mul
          v128.const f32x4 0.50000001201 0.50000001201 0.50000001201 0.50000001201
          f32x4.add
          f32x4.mul
          local.get 51
          f32x4.add
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 50
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 52
          i32.const 1
          i32x4.shr_s
          local.tee 53
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 52
          local.get 53
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 46
          local.get 19
          local.get 20
          f32x4.ne
          v128.bitselect
          local.set 21
          v128.const f32x4 0 0 0 0
          local.set 23
          i32.const 0
          local.set 33
          block
            loop
              local.get 33
              i32.const 16
              i32.ge_s
              br_if 1
              local.get 32
              local.get 33
              i32.add
              local.set 10
              local.get 5
              local.get 33
              i32.const 64
              i32.mul
              i32.add
              local.set 34
              local.get 34
              v128.load offset=512
              local.set 25
              local.get 34
              v128.const f32x4 0 0 0 0
              local.get 25
              local.get 20
              f32x4.sub
              local.tee 54
              v128.const f32x4 -104 -104 -104 -104
              f32x4.pmax
              local.tee 55
              v128.const f32x4 89 89 89 89
              f32x4.pmin
              local.tee 56
              local.get 56
              v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
              f32x4.mul
              f32x4.nearest
              local.tee 57
              v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
              f32x4.mul
              f32x4.sub
              local.get 57
              v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
              f32x4.mul
              f32x4.sub
              local.tee 58
              local.get 58
              f32x4.mul
              v128.const f32x4 0.000198756915 0.000198756915 0.000198756915 0.000198756915
              local.get 58
              f32x4.mul
              v128.const f32x4 0.0013981999507 0.0013981999507 0.0013981999507 0.0013981999507
              f32x4.add
              local.get 58
              f32x4.mul
              v128.const f32x4 0.0083334519073 0.0083334519073 0.0083334519073 0.0083334519073
              f32x4.add
              local.get 58
              f32x4.mul
              v128.const f32x4 0.041665795894 0.041665795894 0.041665795894 0.041665795894
              f32x4.add
              local.get 58
              f32x4.mul
              v128.const f32x4 0.16666665459 0.16666665459 0.16666665459 0.16666665459
              f32x4.add
              local.get 58
              f32x4.mul
              v128.const f32x4 0.50000001201 0.50000001201 0.50000001201 0.50000001201
              f32x4.add
              f32x4.mul
              local.get 58
              f32x4.add
              v128.const f32x4 1 1 1 1
              f32x4.add
              local.get 57
              v128.const f32x4 12582912 12582912 12582912 12582912
              f32x4.add
              v128.const i32x4 1262485504 1262485504 1262485504 1262485504
              i32x4.sub
              local.tee 59
              i32.const 1
              i32x4.shr_s
              local.tee 60
              v128.const i32x4 127 127 127 127
              i32x4.add
              i32.const 23
              i32x4.shl
              f32x4.mul
              local.get 59
              local.get 60
              i32x4.sub
              v128.const i32x4 127 127 127 127
              i32x4.add
              i32.const 23
              i32x4.shl
              f32x4.mul
              local.get 25
              v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
              f32x4.eq
              v128.bitselect
              local.tee 25
              v128.store offset=512
              local.get 23
              local.get 25
              f32x4.add
              local.set 23
              local.get 33
              i32.const 1
              i32.add
              local.set 33
              br 0
            end
          end
          local.get 24
          local.get 23
          v128.or
          local.set 24
          local.get 5
          local.get 5
          v128.load offset=1664
          local.get 21
          f32x4.mul
          local.get 23
          f32x4.add
          v128.store offset=1664
          local.get 5
          local.get 20
          v128.store offset=1600
          local.get 5
          local.get 21
          v128.store offset=1536
          local.get 8
          i32.const 4
          i32.add
          local.set 18
          v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
          local.set 22
          i32.const 0
          local.set 33
          block
            loop
              local.get 33
              i32.const 16
              i32.ge_s
              br_if 1
              local.get 32
              local.get 33
              i32.add
              local.set 10
              local.get 5
              local.get 33
              i32.const 64
              i32.mul
              i32.add
              local.set 34
              local.get 34
              local.get 34
              v128.load offset=528
              local.set 26
              local.get 26
              local.get 4
              f32x4.splat
              f32x4.mul
              local.tee 25
              v128.store offset=528
              local.get 25
              local.get 22
              f32x4.pmax
              local.set 22
              local.get 33
              i32.const 1
              i32.add
              local.set 33
              br 0
            end
          end
          local.get 5
          v128.load offset=1616
          local.set 19
          local.get 19
          local.set 61
          local.get 22
          local.tee 62
          local.get 61
          local.get 62
          f32x4.pmax
          local.get 62
          local.get 62
          f32x4.ne
          v128.bitselect
          local.set 20
          v128.const f32x4 1 1 1 1
          local.set 63
          local.get 19
          local.get 20
          f32x4.sub
          local.tee 64
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 65
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 66
          local.get 66
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 67
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 67
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 68
          local.get 68
          f32x4.mul
          v128.const f32x4 0.000198756915 0.000198756915 0.000198756915 0.000198756915
          local.get 68
          f32x4.mul
          v128.const f32x4 0.0013981999507 0.0013981999507 0.0013981999507 0.0013981999507
          f32x4.add
          local.get 68
          f32x4.mul
          v128.const f32x4 0.0083334519073 0.0083334519073 0.0083334519073 0.0083334519073
          f32x4.add
          local.get 68
          f32x4.mul
          v128.const f32x4 0.041665795894 0.041665795894 0.041665795894 0.041665795894
          f32x4.add
          local.get 68
          f32x4.mul
          v128.const f32x4 0.16666665459 0.16666665459 0.16666665459 0.16666665459
          f32x4.add
          local.get 68
          f32x4.mul
          v128.const f32x4 0.50000001201 0.50000001201 0.50000001201 0.50000001201
          f32x4.add
          f32x4.mul
          local.get 68
          f32x4.add
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 67
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 69
          i32.const 1
          i32x4.shr_s
          local.tee 70
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 69
          local.get 70
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 63
          local.get 19
          local.get 20
          f32x4.ne
          v128.bitselect
          local.set 21
          v128.const f32x4 0 0 0 0
          local.set 23
          i32.const 0
          local.set 33
          block
            loop
              local.get 33
              i32.const 16
              i32.ge_s
              br_if 1
              local.get 32
              local.get 33
              i32.add
              local.set 10
              local.get 5
              local.get 33
              i32.const 64
              i32.mul
              i32.add
              local.set 34
              local.get 34
              v128.load offset=528
              local.set 25
              local.get 34
              v128.const f32x4 0 0 0 0
              local.get 25
              local.get 20
              f32x4.sub
              local.tee 71
              v128.const f32x4 -104 -104 -104 -104
              f32x4.pmax
              local.tee 72
              v128.const f32x4 89 89 89 89
              f32x4.pmin
              local.tee 73
              local.get 73
              v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
              f32x4.mul
              f32x4.nearest
              local.tee 74
              v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
              f32x4.mul
              f32x4.sub
              local.get 74
              v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
              f32x4.mul
              f32x4.sub
              local.tee 75
              local.get 75
              f32x4.mul
              v128.const f32x4 0.000198756915 0.000198756915 0.000198756915 0.000198756915
              local.get 75
              f32x4.mul
              v128.const f32x4 0.0013981999507 0.0013981999507 0.0013981999507 0.0013981999507
              f32x4.add
              local.get 75
              f32x4.mul
              v128.const f32x4 0.0083334519073 0.0083334519073 0.0083334519073 0.0083334519073
              f32x4.add
              local.get 75
              f32x4.mul
              v128.const f32x4 0.041665795894 0.041665795894 0.041665795894 0.041665795894
              f32x4.add
              local.get 75
              f32x4.mul
              v128.const f32x4 0.16666665459 0.16666665459 0.16666665459 0.16666665459
              f32x4.add
              local.get 75
              f32x4.mul
              v128.const f32x4 0.50000001201 0.50000001201 0.50000001201 0.50000001201
              f32x4.add
              f32x4.mul
              local.get 75
              f32x4.add
              v128.const f32x4 1 1 1 1
              f32x4.add
              local.get 74
              v128.const f32x4 12582912 12582912 12582912 12582912
              f32x4.add
              v128.const i32x4 1262485504 1262485504 1262485504 1262485504
              i32x4.sub
              local.tee 76
              i32.const 1
              i32x4.shr_s
              local.tee 77
              v128.const i32x4 127 127 127 127
              i32x4.add
              i32.const 23
              i32x4.shl
              f32x4.mul
              local.get 76
              local.get 77
              i32x4.sub
              v128.const i32x4 127 127 127 127
              i32x4.add
              i32.const 23
              i32x4.shl
              f32x4.mul
              local.get 25
              v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
              f32x4.eq
              v128.bitselect
              local.tee 25
              v128.store offset=528
              local.get 23
              local.get 25
              f32x4.add
              local.set 23
              local.get 33
              i32.const 1
              i32.add
              local.set 33
              br 0
            end
          end
          local.get 24
          local.get 23
          v128.or
          local.set 24
          local.get 5
          local.get 5
          v128.load offset=1680
          local.get 21
          f32x4.mul
          local.get 23
          f32x4.add
          v128.store offset=1680
          local.get 5
          local.get 20
          v128.store offset=1616
          local.get 5
          local.get 21
          v128.store offset=1552
          local.get 8
          i32.const 8
          i32.add
          local.set 18
          v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
          local.set 22
          i32.const 0
          local.set 33
          block
            loop
              local.get 33
              i32.const 16
              i32.ge_s
              br_if 1
              local.get 32
              local.get 33
              i32.add
              local.set 10
              local.get 5
              local.get 33
              i32.const 64
              i32.mul
              i32.add
              local.set 34
              local.get 34
              local.get 34
              v128.load offset=544
              local.set 26
              local.get 26
              local.get 4
              f32x4.splat
              f32x4.mul
              local.tee 25
              v128.store offset=544
              local.get 25
              local.get 22
              f32x4.pmax
              local.set 22
              local.get 33
              i32.const 1
              i32.add
              local.set 33
              br 0
            end
          end
          local.get 5
          v128.load offset=1632
          local.set 19
          local.get 19
          local.set 78
          local.get 22
          local.tee 79
          local.get 78
          local.get 79
          f32x4.pmax
          local.get 79
          local.get 79
          f32x4.ne
          v128.bitselect
          local.set 20
          v128.const f32x4 1 1 1 1
          local.set 80
          local.get 19
          local.get 20
          f32x4.sub
          local.tee 81
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 82
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 83
          local.get 83
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 84
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 84
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 85
          local.get 85
          f32x4.mul
          v128.const f32x4 0.000198756915 0.000198756915 0.000198756915 0.000198756915
          local.get 85
          f32x4.mul
          v128.const f32x4 0.0013981999507 0.0013981999507 0.0013981999507 0.0013981999507
          f32x4.add
          local.get 85
          f32x4.mul
          v128.const f32x4 0.0083334519073 0.0083334519073 0.0083334519073 0.0083334519073
          f32x4.add
          local.get 85
          f32x4.mul
          v128.const f32x4 0.041665795894 0.041665795894 0.041665795894 0.041665795894
          f32x4.add
          local.get 85
          f32x4.mul
          v128.const f32x4 0.16666665459 0.16666665459 0.16666665459 0.16666665459
          f32x4.add
          local.get 85
          f32x4.mul
          v128.const f32x4 0.50000001201 0.50000001201 0.50000001201 0.50000001201
          f32x4.add
          f32x4.mul
          local.get 85
          f32x4.add
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 84
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 86
          i32.const 1
          i32x4.shr_s
          local.tee 87
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 86
          local.get 87
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 80
          local.get 19
          local.get 20
          f32x4.ne
          v128.bitselect
          local.set 21
          v128.const f32x4 0 0 0 0
          local.set 23
          i32.const 0
          local.set 33
          block
            loop
              local.get 33
              i32.const 16
              i32.ge_s
              br_if 1
              local.get 32
              local.get 33
              i32.add
              local.set 10
              local.get 5
              local.get 33
              i32.const 64
              i32.mul
              i32.add
              local.set 34
              local.get 34
              v128.load offset=544
              local.set 25
              local.get 34
              v128.const f32x4 0 0 0 0
              local.get 25
              local.get 20
              f32x4.sub
              local.tee 88
              v128.const f32x4 -104 -104 -104 -104
              f32x4.pmax
              local.tee 89
              v128.const f32x4 89 89 89 89
              f32x4.pmin
              local.tee 90
              local.get 90
              v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
              f32x4.mul
              f32x4.nearest
              local.tee 91
              v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
              f32x4.mul
              f32x4.sub
              local.get 91
              v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
              f32x4.mul
              f32x4.sub
              local.tee 92
              local.get 92
              f32x4.mul
              v128.const f32x4 0.000198756915 0.000198756915 0.000198756915 0.000198756915
              local.get 92
              f32x4.mul
              v128.const f32x4 0.0013981999507 0.0013981999507 0.0013981999507 0.0013981999507
              f32x4.add
              local.get 92
              f32x4.mul
              v128.const f32x4 0.0083334519073 0.0083334519073 0.0083334519073 0.0083334519073
              f32x4.add
              local.get 92
              f32x4.mul
              v128.const f32x4 0.041665795894 0.041665795894 0.041665795894 0.041665795894
              f32x4.add
              local.get 92
              f32x4.mul
              v128.const f32x4 0.16666665459 0.16666665459 0.16666665459 0.16666665459
              f32x4.add
              local.get 92
              f32x4.mul
              v128.const f32x4 0.50000001201 0.50000001201 0.50000001201 0.50000001201
              f32x4.add
              f32x4.mul
              local.get 92
              f32x4.add
              v128.const f32x4 1 1 1 1
              f32x4.add
              local.get 91
              v128.const f32x4 12582912 12582912 12582912 12582912
              f32x4.add
              v128.const i32x4 1262485504 1262485504 1262485504 1262485504
              i32x4.sub
              local.tee 93
              i32.const 1
              i32x4.shr_s
              local.tee 94
              v128.const i32x4 127 127 127 127
              i32x4.add
              i32.const 23
              i32x4.shl
              f32x4.mul
              local.get 93
              local.get 94
              i32x4.sub
              v128.const i32x4 127 127 127 127
              i32x4.add
              i32.const 23
              i32x4.shl
              f32x4.mul
              local.get 25
              v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
              f32x4.eq
              v128.bitselect
              local.tee 25
              v128.store offset=544
              local.get 23
              local.get 25
              f32x4.add
              local.set 23
              local.get 33
              i32.const 1
              i32.add
              local.set 33
              br 0
            end
          end
          local.get 24
          local.get 23
          v128.or
          local.set 24
          local.get 5
          local.get 5
          v128.load offset=1696
          local.get 21
          f32x4.mul
          local.get 23
          f32x4.add
          v128.store offset=1696
          local.get 5
          local.get 20
          v128.store offset=1632
          local.get 5
          local.get 21
          v128.store offset=1568
          local.get 8
          i32.const 12
          i32.add
          local.set 18
          v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
          local.set 22
          i32.const 0
          local.set 33
          block
            loop
              local.get 33
              i32.const 16
              i32.ge_s
              br_if 1
              local.get 32
              local.get 33
              i32.add
              local.set 10
              local.get 5
              local.get 33
              i32.const 64
              i32.mul
              i32.add
              local.set 34
              local.get 34
              local.get 34
              v128.load offset=560
              local.set 26
              local.get 26
              local.get 4
              f32x4.splat
              f32x4.mul
              local.tee 25
              v128.store offset=560
              local.get 25
              local.get 22
              f32x4.pmax
              local.set 22
              local.get 33
              i32.const 1
              i32.add
              local.set 33
              br 0
            end
          end
          local.get 5
          v128.load offset=1648
          local.set 19
          local.get 19
          local.set 95
          local.get 22
          local.tee 96
          local.get 95
          local.get 96
          f32x4.pmax
          local.get 96
          local.get 96
          f32x4.ne
          v128.bitselect
          local.set 20
          v128.const f32x4 1 1 1 1
          local.set 97
          local.get 19
          local.get 20
          f32x4.sub
          local.tee 98
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 99
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 100
          local.get 100
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 101
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 101
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 102
          local.get 102
          f32x4.mul
          v128.const f32x4 0.000198756915 0.000198756915 0.000198756915 0.000198756915
          local.get 102
          f32x4.mul
          v128.const f32x4 0.0013981999507 0.0013981999507 0.0013981999507 0.0013981999507
          f32x4.add
          local.get 102
          f32x4.mul
          v128.const f32x4 0.0083334519073 0.0083334519073 0.0083334519073 0.0083334519073
          f32x4.add
          local.get 102
          f32x4.mul
          v128.const f32x4 0.041665795894 0.041665795894 0.041665795894 0.041665795894
          f32x4.add
          local.get 102
          f32x4.mul
          v128.const f32x4 0.16666665459 0.16666665459 0.16666665459 0.16666665459
          f32x4.add
          local.get 102
          f32x4.mul
          v128.const f32x4 0.50000001201 0.50000001201 0.50000001201 0.50000001201
          f32x4.add
          f32x4.mul
          local.get 102
          f32x4.add
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 101
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 103
          i32.const 1
          i32x4.shr_s
          local.tee 104
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 103
          local.get 104
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 97
          local.get 19
          local.get 20
          f32x4.ne
          v128.bitselect
          local.set 21
          v128.const f32x4 0 0 0 0
          local.set 23
          i32.const 0
          local.set 33
          block
            loop
              local.get 33
              i32.const 16
              i32.ge_s
              br_if 1
              local.get 32
              local.get 33
              i32.add
              local.set 10
              local.get 5
              local.get 33
              i32.const 64
              i32.mul
              i32.add
              local.set 34
              local.get 34
              v128.load offset=560
              local.set 25
              local.get 34
              v128.const f32x4 0 0 0 0
              local.get 25
              local.get 20
              f32x4.sub
              local.tee 105
              v128.const f32x4 -104 -104 -104 -104
              f32x4.pmax
              local.tee 106
              v128.const f32x4 89 89 89 89
              f32x4.pmin
              local.tee 107
              local.get 107
              v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
              f32x4.mul
              f32x4.nearest
              local.tee 108
              v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
              f32x4.mul
              f32x4.sub
              local.get 108
              v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
              f32x4.mul
              f32x4.sub
              local.tee 109
              local.get 109
              f32x4.mul
              v128.const f32x4 0.000198756915 0.000198756915 0.000198756915 0.000198756915
              local.get 109
              f32x4.mul
              v128.const f32x4 0.0013981999507 0.0013981999507 0.0013981999507 0.0013981999507
              f32x4.add
              local.get 109
              f32x4.mul
              v128.const f32x4 0.0083334519073 0.0083334519073 0.0083334519073 0.0083334519073
              f32x4.add
              local.get 109
              f32x4.mul
              v128.const f32x4 0.041665795894 0.041665795894 0.041665795894 0.041665795894
              f32x4.add
              local.get 109
              f32x4.mul
              v128.const f32x4 0.16666665459 0.16666665459 0.16666665459 0.16666665459
              f32x4.add
              local.get 109
              f32x4.mul
              v128.const f32x4 0.50000001201 0.50000001201 0.50000001201 0.50000001201
              f32x4.add
              f32x4.mul
              local.get 109
              f32x4.add
              v128.const f32x4 1 1 1 1
              f32x4.add
              local.get 108
              v128.const f32x4 12582912 12582912 12582912 12582912
              f32x4.add
              v128.const i32x4 1262485504 1262485504 1262485504 1262485504
              i32x4.sub
              local.tee 110
              i32.const 1
              i32x4.shr_s
              local.tee 111
              v128.const i32x4 127 127 127 127
              i32x4.add
              i32.const 23
              i32x4.shl
              f32x4.mul
              local.get 110
              local.get 111
              i32x4.sub
              v128.const i32x4 127 127 127 127
              i32x4.add
              i32.const 23
              i32x4.shl
              f32x4.mul
              local.get 25
              v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
              f32x4.eq
              v128.bitselect
              local.tee 25
              v128.store offset=560
              local.get 23
              local.get 25
              f32x4.add
              local.set 23
              local.get 33
              i32.const 1
              i32.add
              local.set 33
              br 0
            end
          end
          local.get 24
          local.get 23
          v128.or
          local.set 24
          local.get 5
          local.get 5
          v128.load offset=1712
          local.get 21
          f32x4.mul
          local.get 23
          f32x4.add
          v128.store offset=1712
          local.get 5
          local.get 20
          v128.store offset=1648
          local.get 5
          local.get 21
          v128.store offset=1584
          local.get 24
          v128.any_true
          if
            local.get 31
            local.get 30
            local.get 5
            i32.const 512
            i32.add
            local.get 5
            i32.const 1536
            i32.add
            call $flashValues
          end
          local.get 32
          i32.const 16
          i32.add
          local.set 32
          br 0
        end
      end
      i32.const 0
      local.set 33
      block
        loop
          local.get 33
          i32.const 16
          i32.ge_s
          br_if 1
          local.get 5
          local.get 33
          i32.const 4
          i32.mul
          i32.add
          local.set 34
          local.get 34
          f32.load offset=1600
          local.set 112
          local.get 34
          f32.load offset=1664
          local.set 113
          local.get 8
          local.get 33
          i32.add
          local.set 18
          local.get 32
          local.set 10
          block
            loop
              local.get 10
              i32.const 9
              i32.ge_s
              br_if 1
              local.get 112
              local.set 13
              f32.const 0
              local.set 114
              local.get 18
              i32.const 8
              i32.mul
              local.set 115
              local.get 10
              i32.const 8
              i32.mul
              local.set 116
              i32.const 0
              local.set 11
              block
                loop
                  local.get 11
                  i32.const 8
                  i32.ge_s
                  br_if 1
                  local.get 114
                  local.get 1
                  local.get 18
                  i32.const 8
                  i32.mul
                  local.get 11
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  f32.load
                  local.get 2
                  local.get 10
                  i32.const 8
                  i32.mul
                  local.get 11
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  f32.load
                  f32.mul
                  f32.add
                  local.set 114
                  local.get 11
                  i32.const 1
                  i32.add
                  local.set 11
                  br 0
                end
              end
              local.get 114
              local.get 4
              f32.mul
              local.set 12
              local.get 13
              local.get 12
              f32.max
              local.set 14
              f32.const 0
              i32.reinterpret_f32
              f32.const 89
              i32.reinterpret_f32
              f32.const -104
              i32.reinterpret_f32
              local.get 12
              local.get 14
              f32.sub
              local.tee 117
              i32.reinterpret_f32
              local.get 117
              f32.const -104
              f32.lt
              select
              f32.reinterpret_i32
              local.tee 118
              i32.reinterpret_f32
              f32.const 89
              local.get 118
              f32.lt
              select
              f32.reinterpret_i32
              local.tee 119
              local.get 119
              f32.const 1.4426950408889634
              f32.mul
              f32.nearest
              local.tee 120
              f32.const 0.693359375
              f32.mul
              f32.sub
              local.get 120
              f32.const -0.00021219444
              f32.mul
              f32.sub
              local.tee 121
              local.get 121
              f32.mul
              f32.const 0.000198756915
              local.get 121
              f32.mul
              f32.const 0.0013981999507
              f32.add
              local.get 121
              f32.mul
              f32.const 0.0083334519073
              f32.add
              local.get 121
              f32.mul
              f32.const 0.041665795894
              f32.add
              local.get 121
              f32.mul
              f32.const 0.16666665459
              f32.add
              local.get 121
              f32.mul
              f32.const 0.50000001201
              f32.add
              f32.mul
              local.get 121
              f32.add
              f32.const 1
              f32.add
              local.get 120
              f32.const 12582912
              f32.add
              i32.reinterpret_f32
              i32.const 1262485504
              i32.sub
              local.tee 122
              i32.const 1
              i32.shr_s
              local.tee 123
              i32.const 127
              i32.add
              i32.const 23
              i32.shl
              f32.reinterpret_i32
              f32.mul
              local.get 122
              local.get 123
              i32.sub
              i32.const 127
              i32.add
              i32.const 23
              i32.shl
              f32.reinterpret_i32
              f32.mul
              i32.reinterpret_f32
              local.get 12
              f32.const -Infinity
              f32.eq
              select
              f32.reinterpret_i32
              local.set 15
              f32.const 1
              local.set 124
              local.get 13
              local.get 14
              f32.ne
              if (result f32)
                local.get 13
                local.get 14
                call $rare0
              else
                local.get 124
              end
              local.set 16
              local.get 113
              local.get 16
              f32.mul
              local.get 15
              f32.add
              local.set 113
              local.get 14
              local.set 112
              local.get 16
              local.set 125
              local.get 125
              f32x4.splat
              local.set 126
              local.get 15
              local.set 127
              local.get 127
              f32x4.splat
              local.set 128
              local.get 10
              i32.const 8
              i32.mul
              local.set 129
              local.get 18
              i32.const 8
              i32.mul
              local.set 130
              i32.const 0
              local.set 9
              block
                loop
                  local.get 9
                  i32.const 7
                  i32.add
                  i32.const 8
                  i32.ge_s
                  br_if 1
                  local.get 0
                  local.get 130
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  local.get 0
                  local.get 130
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  v128.load
                  local.get 126
                  f32x4.mul
                  local.get 128
                  local.get 3
                  local.get 129
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  v128.load
                  f32x4.mul
                  f32x4.add
                  v128.store
                  local.get 9
                  i32.const 4
                  i32.add
                  local.set 9
                  local.get 0
                  local.get 130
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  local.get 0
                  local.get 130
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  v128.load
                  local.get 126
                  f32x4.mul
                  local.get 128
                  local.get 3
                  local.get 129
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  v128.load
                  f32x4.mul
                  f32x4.add
                  v128.store
                  local.get 9
                  i32.const 4
                  i32.sub
                  local.set 9
                  local.get 9
                  i32.const 8
                  i32.add
                  local.set 9
                  br 0
                end
              end
              local.get 9
              local.set 9
              block
                loop
                  local.get 9
                  i32.const 3
                  i32.add
                  i32.const 8
                  i32.ge_s
                  br_if 1
                  local.get 0
                  local.get 130
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  local.get 0
                  local.get 130
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  v128.load
                  local.get 126
                  f32x4.mul
                  local.get 128
                  local.get 3
                  local.get 129
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  v128.load
                  f32x4.mul
                  f32x4.add
                  v128.store
                  local.get 9
                  i32.const 4
                  i32.add
                  local.set 9
                  br 0
                end
              end
              local.get 9
              local.set 9
              block
                loop
                  local.get 9
                  i32.const 8
                  i32.ge_s
                  br_if 1
                  local.get 0
                  local.get 18
                  i32.const 8
                  i32.mul
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  local.get 0
                  local.get 18
                  i32.const 8
                  i32.mul
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  f32.load
                  local.get 125
                  f32.mul
                  local.get 127
                  local.get 3
                  local.get 10
                  i32.const 8
                  i32.mul
                  local.get 9
                  i32.add
                  i32.const 2
                  i32.shl
                  i32.add
                  f32.load
                  f32.mul
                  f32.add
                  f32.store
                  local.get 9
                  i32.const 1
                  i32.add
                  local.set 9
                  br 0
                end
              end
              local.get 10
              i32.const 1
              i32.add
              local.set 10
              br 0
            end
          end
          f32.const 1
          local.get 113
          f32.div
          local.set 17
          local.get 17
          local.set 131
          local.get 131
          f32x4.splat
          local.set 132
          local.get 18
          i32.const 8
          i32.mul
          local.set 133
          i32.const 0
          local.set 9
          block
            loop
              local.get 9
              i32.const 7
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 133
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 133
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 132
              f32x4.mul
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              local.get 0
              local.get 133
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 133
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 132
              f32x4.mul
              v128.store
              local.get 9
              i32.const 4
              i32.sub
              local.set 9
              local.get 9
              i32.const 8
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 3
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 133
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 133
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 132
              f32x4.mul
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 18
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 18
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 131
              f32.mul
              f32.store
              local.get 9
              i32.const 1
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 33
          i32.const 1
          i32.add
          local.set 33
          br 0
        end
      end
      local.get 8
      i32.const 16
      i32.add
      local.set 8
      br 0
    end
  end
  local.get 8
  local.set 8
  block
    loop
      local.get 8
      i32.const 1
      i32.add
      local.get 7
      i32.ge_s
      br_if 1
      local.get 8
      i32.const 8
      i32.mul
      local.set 139
      i32.const 0
      local.set 9
      block
        loop
          local.get 9
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 139
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          local.get 0
          local.get 139
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 9
          i32.const 4
          i32.sub
          local.set 9
          local.get 9
          i32.const 8
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 139
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 8
          i32.const 8
          i32.mul
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.const 0
          f32.store
          local.get 9
          i32.const 1
          i32.add
          local.set 9
          br 0
        end
      end
      f32.const -Infinity
      local.set 134
      f32.const 0
      local.set 135
      local.get 8
      i32.const 1
      i32.add
      local.set 136
      local.get 136
      i32.const 8
      i32.mul
      local.set 140
      i32.const 0
      local.set 9
      block
        loop
          local.get 9
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 140
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          local.get 0
          local.get 140
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 9
          i32.const 4
          i32.sub
          local.set 9
          local.get 9
          i32.const 8
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 140
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 136
          i32.const 8
          i32.mul
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.const 0
          f32.store
          local.get 9
          i32.const 1
          i32.add
          local.set 9
          br 0
        end
      end
      f32.const -Infinity
      local.set 137
      f32.const 0
      local.set 138
      local.get 1
      local.get 8
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 141
      local.get 1
      local.get 136
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 142
      local.get 0
      local.get 8
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 143
      local.get 0
      local.get 136
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 144
      i32.const 0
      local.set 10
      block
        loop
          local.get 10
          i32.const 3
          i32.add
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 2
          local.get 10
          i32.const 8
          i32.mul
          i32.const 2
          i32.shl
          i32.add
          local.set 149
          local.get 3
          local.get 10
          i32.const 8
          i32.mul
          i32.const 2
          i32.shl
          i32.add
          local.set 153
          local.get 149
          i32.const 32
          i32.add
          local.set 150
          local.get 153
          i32.const 32
          i32.add
          local.set 154
          local.get 149
          i32.const 64
          i32.add
          local.set 151
          local.get 153
          i32.const 64
          i32.add
          local.set 155
          local.get 149
          i32.const 96
          i32.add
          local.set 152
          local.get 153
          i32.const 96
          i32.add
          local.set 156
          v128.const f32x4 0 0 0 0
          local.set 157
          v128.const f32x4 0 0 0 0
          local.set 158
          v128.const f32x4 0 0 0 0
          local.set 159
          v128.const f32x4 0 0 0 0
          local.set 160
          v128.const f32x4 0 0 0 0
          local.set 161
          v128.const f32x4 0 0 0 0
          local.set 162
          v128.const f32x4 0 0 0 0
          local.set 163
          v128.const f32x4 0 0 0 0
          local.set 164
          i32.const 0
          local.set 183
          block
            loop
              local.get 183
              i32.const 15
              i32.add
              i32.const 32
              i32.ge_s
              br_if 1
              local.get 141
              local.get 183
              i32.add
              v128.load
              local.set 165
              local.get 142
              local.get 183
              i32.add
              v128.load
              local.set 166
              local.get 149
              local.get 183
              i32.add
              v128.load
              local.set 167
              local.get 157
              local.get 165
              local.get 167
              f32x4.mul
              f32x4.add
              local.set 157
              local.get 161
              local.get 166
              local.get 167
              f32x4.mul
              f32x4.add
              local.set 161
              local.get 150
              local.get 183
              i32.add
              v128.load
              local.set 167
              local.get 158
              local.get 165
              local.get 167
              f32x4.mul
              f32x4.add
              local.set 158
              local.get 162
              local.get 166
              local.get 167
              f32x4.mul
              f32x4.add
              local.set 162
              local.get 151
              local.get 183
              i32.add
              v128.load
              local.set 167
              local.get 159
              local.get 165
              local.get 167
              f32x4.mul
              f32x4.add
              local.set 159
              local.get 163
              local.get 166
              local.get 167
              f32x4.mul
              f32x4.add
              local.set 163
              local.get 152
              local.get 183
              i32.add
              v128.load
              local.set 167
              local.get 160
              local.get 165
              local.get 167
              f32x4.mul
              f32x4.add
              local.set 160
              local.get 164
              local.get 166
              local.get 167
              f32x4.mul
              f32x4.add
              local.set 164
              local.get 183
              i32.const 16
              i32.add
              local.set 183
              br 0
            end
          end
          local.get 157
          local.get 158
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 157
          local.get 158
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 186
          local.get 159
          local.get 160
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 159
          local.get 160
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 187
          local.get 186
          local.get 187
          i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
          local.get 186
          local.get 187
          i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
          f32x4.add
          local.set 168
          local.get 161
          local.get 162
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 161
          local.get 162
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 188
          local.get 163
          local.get 164
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 163
          local.get 164
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 189
          local.get 188
          local.get 189
          i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
          local.get 188
          local.get 189
          i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
          f32x4.add
          local.set 169
          local.get 168
          local.get 4
          f32x4.splat
          f32x4.mul
          local.set 168
          local.get 168
          f32x4.extract_lane 0
          local.get 168
          f32x4.extract_lane 1
          f32.max
          local.get 168
          f32x4.extract_lane 2
          local.get 168
          f32x4.extract_lane 3
          f32.max
          f32.max
          local.set 182
          local.get 134
          local.set 13
          local.get 13
          local.get 182
          f32.max
          local.set 14
          f32.const 1
          local.set 190
          local.get 13
          local.get 14
          f32.ne
          if (result f32)
            local.get 13
            local.get 14
            call $rare0
          else
            local.get 190
          end
          local.set 16
          v128.const f32x4 0 0 0 0
          local.get 168
          local.get 14
          f32x4.splat
          f32x4.sub
          local.tee 191
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 192
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 193
          local.get 193
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 194
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 194
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 195
          local.get 195
          f32x4.mul
          v128.const f32x4 0.000198756915 0.000198756915 0.000198756915 0.000198756915
          local.get 195
          f32x4.mul
          v128.const f32x4 0.0013981999507 0.0013981999507 0.0013981999507 0.0013981999507
          f32x4.add
          local.get 195
          f32x4.mul
          v128.const f32x4 0.0083334519073 0.0083334519073 0.0083334519073 0.0083334519073
          f32x4.add
          local.get 195
          f32x4.mul
          v128.const f32x4 0.041665795894 0.041665795894 0.041665795894 0.041665795894
          f32x4.add
          local.get 195
          f32x4.mul
          v128.const f32x4 0.16666665459 0.16666665459 0.16666665459 0.16666665459
          f32x4.add
          local.get 195
          f32x4.mul
          v128.const f32x4 0.50000001201 0.50000001201 0.50000001201 0.50000001201
          f32x4.add
          f32x4.mul
          local.get 195
          f32x4.add
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 194
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 196
          i32.const 1
          i32x4.shr_s
          local.tee 197
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 196
          local.get 197
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 168
          v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
          f32x4.eq
          v128.bitselect
          local.set 170
          local.get 170
          f32x4.extract_lane 0
          local.get 170
          f32x4.extract_lane 1
          f32.add
          local.get 170
          f32x4.extract_lane 2
          f32.add
          local.get 170
          f32x4.extract_lane 3
          f32.add
          local.set 185
          local.get 135
          local.get 16
          f32.mul
          local.get 185
          f32.add
          local.set 135
          local.get 14
          local.set 134
          local.get 16
          f32x4.splat
          local.set 172
          local.get 170
          f32x4.extract_lane 0
          f32x4.splat
          local.set 174
          local.get 170
          f32x4.extract_lane 1
          f32x4.splat
          local.set 175
          local.get 170
          f32x4.extract_lane 2
          f32x4.splat
          local.set 176
          local.get 170
          f32x4.extract_lane 3
          f32x4.splat
          local.set 177
          local.get 169
          local.get 4
          f32x4.splat
          f32x4.mul
          local.set 169
          local.get 169
          f32x4.extract_lane 0
          local.get 169
          f32x4.extract_lane 1
          f32.max
          local.get 169
          f32x4.extract_lane 2
          local.get 169
          f32x4.extract_lane 3
          f32.max
          f32.max
          local.set 182
          local.get 137
          local.set 13
          local.get 13
          local.get 182
          f32.max
          local.set 14
          f32.const 1
          local.set 198
          local.get 13
          local.get 14
          f32.ne
          if (result f32)
            local.get 13
            local.get 14
            call $rare0
          else
            local.get 198
          end
          local.set 16
          v128.const f32x4 0 0 0 0
          local.get 169
          local.get 14
          f32x4.splat
          f32x4.sub
          local.tee 199
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 200
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 201
          local.get 201
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 202
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 202
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 203
          local.get 203
          f32x4.mul
          v128.const f32x4 0.000198756915 0.000198756915 0.000198756915 0.000198756915
          local.get 203
          f32x4.mul
          v128.const f32x4 0.0013981999507 0.0013981999507 0.0013981999507 0.0013981999507
          f32x4.add
          local.get 203
          f32x4.mul
          v128.const f32x4 0.0083334519073 0.0083334519073 0.0083334519073 0.0083334519073
          f32x4.add
          local.get 203
          f32x4.mul
          v128.const f32x4 0.041665795894 0.041665795894 0.041665795894 0.041665795894
          f32x4.add
          local.get 203
          f32x4.mul
          v128.const f32x4 0.16666665459 0.16666665459 0.16666665459 0.16666665459
          f32x4.add
          local.get 203
          f32x4.mul
          v128.const f32x4 0.50000001201 0.50000001201 0.50000001201 0.50000001201
          f32x4.add
          f32x4.mul
          local.get 203
          f32x4.add
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 202
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 204
          i32.const 1
          i32x4.shr_s
          local.tee 205
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 204
          local.get 205
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 169
          v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
          f32x4.eq
          v128.bitselect
          local.set 171
          local.get 171
          f32x4.extract_lane 0
          local.get 171
          f32x4.extract_lane 1
          f32.add
          local.get 171
          f32x4.extract_lane 2
          f32.add
          local.get 171
          f32x4.extract_lane 3
          f32.add
          local.set 185
          local.get 138
          local.get 16
          f32.mul
          local.get 185
          f32.add
          local.set 138
          local.get 14
          local.set 137
          local.get 16
          f32x4.splat
          local.set 173
          local.get 171
          f32x4.extract_lane 0
          f32x4.splat
          local.set 178
          local.get 171
          f32x4.extract_lane 1
          f32x4.splat
          local.set 179
          local.get 171
          f32x4.extract_lane 2
          f32x4.splat
          local.set 180
          local.get 171
          f32x4.extract_lane 3
          f32x4.splat
          local.set 181
          local.get 170
          v128.any_true
          local.get 171
          v128.any_true
          i32.or
          if
            i32.const 0
            local.set 184
            block
              loop
                local.get 184
                i32.const 15
                i32.add
                i32.const 32
                i32.ge_s
                br_if 1
                local.get 143
                local.get 184
                i32.add
                v128.load
                local.get 172
                f32x4.mul
                local.set 165
                local.get 144
                local.get 184
                i32.add
                v128.load
                local.get 173
                f32x4.mul
                local.set 166
                local.get 153
                local.get 184
                i32.add
                v128.load
                local.set 167
                local.get 165
                local.get 174
                local.get 167
                f32x4.mul
                f32x4.add
                local.set 165
                local.get 166
                local.get 178
                local.get 167
                f32x4.mul
                f32x4.add
                local.set 166
                local.get 154
                local.get 184
                i32.add
                v128.load
                local.set 167
                local.get 165
                local.get 175
                local.get 167
                f32x4.mul
                f32x4.add
                local.set 165
                local.get 166
                local.get 179
                local.get 167
                f32x4.mul
                f32x4.add
                local.set 166
                local.get 155
                local.get 184
                i32.add
                v128.load
                local.set 167
                local.get 165
                local.get 176
                local.get 167
                f32x4.mul
                f32x4.add
                local.set 165
                local.get 166
                local.get 180
                local.get 167
                f32x4.mul
                f32x4.add
                local.set 166
                local.get 156
                local.get 184
                i32.add
                v128.load
                local.set 167
                local.get 165
                local.get 177
                local.get 167
                f32x4.mul
                f32x4.add
                local.set 165
                local.get 166
                local.get 181
                local.get 167
                f32x4.mul
                f32x4.add
                local.set 166
                local.get 143
                local.get 184
                i32.add
                local.get 165
                v128.store
                local.get 144
                local.get 184
                i32.add
                local.get 166
                v128.store
                local.get 184
                i32.const 16
                i32.add
                local.set 184
                br 0
              end
            end
          end
          local.get 10
          i32.const 4
          i32.add
          local.set 10
          br 0
        end
      end
      local.get 10
      local.set 206
      local.get 206
      local.set 10
      block
        loop
          local.get 10
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 134
          local.set 13
          f32.const 0
          local.set 207
          local.get 8
          i32.const 8
          i32.mul
          local.set 208
          local.get 10
          i32.const 8
          i32.mul
          local.set 209
          i32.const 0
          local.set 11
          block
            loop
              local.get 11
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 207
              local.get 1
              local.get 8
              i32.const 8
              i32.mul
              local.get 11
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 2
              local.get 10
              i32.const 8
              i32.mul
              local.get 11
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              local.set 207
              local.get 11
              i32.const 1
              i32.add
              local.set 11
              br 0
            end
          end
          local.get 207
          local.get 4
          f32.mul
          local.set 12
          local.get 13
          local.get 12
          f32.max
          local.set 14
          f32.const 0
          i32.reinterpret_f32
          f32.const 89
          i32.reinterpret_f32
          f32.const -104
          i32.reinterpret_f32
          local.get 12
          local.get 14
          f32.sub
          local.tee 210
          i32.reinterpret_f32
          local.get 210
          f32.const -104
          f32.lt
          select
          f32.reinterpret_i32
          local.tee 211
          i32.reinterpret_f32
          f32.const 89
          local.get 211
          f32.lt
          select
          f32.reinterpret_i32
          local.tee 212
          local.get 212
          f32.const 1.4426950408889634
          f32.mul
          f32.nearest
          local.tee 213
          f32.const 0.693359375
          f32.mul
          f32.sub
          local.get 213
          f32.const -0.00021219444
          f32.mul
          f32.sub
          local.tee 214
          local.get 214
          f32.mul
          f32.const 0.000198756915
          local.get 214
          f32.mul
          f32.const 0.0013981999507
          f32.add
          local.get 214
          f32.mul
          f32.const 0.0083334519073
          f32.add
          local.get 214
          f32.mul
          f32.const 0.041665795894
          f32.add
          local.get 214
          f32.mul
          f32.const 0.16666665459
          f32.add
          local.get 214
          f32.mul
          f32.const 0.50000001201
          f32.add
          f32.mul
          local.get 214
          f32.add
          f32.const 1
          f32.add
          local.get 213
          f32.const 12582912
          f32.add
          i32.reinterpret_f32
          i32.const 1262485504
          i32.sub
          local.tee 215
          i32.const 1
          i32.shr_s
          local.tee 216
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 215
          local.get 216
          i32.sub
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          i32.reinterpret_f32
          local.get 12
          f32.const -Infinity
          f32.eq
          select
          f32.reinterpret_i32
          local.set 15
          f32.const 1
          local.set 217
          local.get 13
          local.get 14
          f32.ne
          if (result f32)
            local.get 13
            local.get 14
            call $rare0
          else
            local.get 217
          end
          local.set 16
          local.get 135
          local.get 16
          f32.mul
          local.get 15
          f32.add
          local.set 135
          local.get 14
          local.set 134
          local.get 16
          local.set 218
          local.get 218
          f32x4.splat
          local.set 219
          local.get 15
          local.set 220
          local.get 220
          f32x4.splat
          local.set 221
          local.get 10
          i32.const 8
          i32.mul
          local.set 222
          local.get 8
          i32.const 8
          i32.mul
          local.set 223
          i32.const 0
          local.set 9
          block
            loop
              local.get 9
              i32.const 7
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 223
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 223
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 219
              f32x4.mul
              local.get 221
              local.get 3
              local.get 222
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              local.get 0
              local.get 223
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 223
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 219
              f32x4.mul
              local.get 221
              local.get 3
              local.get 222
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 9
              i32.const 4
              i32.sub
              local.set 9
              local.get 9
              i32.const 8
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 3
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 223
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 223
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 219
              f32x4.mul
              local.get 221
              local.get 3
              local.get 222
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 8
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 8
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 218
              f32.mul
              local.get 220
              local.get 3
              local.get 10
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              f32.store
              local.get 9
              i32.const 1
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 10
          i32.const 1
          i32.add
          local.set 10
          br 0
        end
      end
      f32.const 1
      local.get 135
      f32.div
      local.set 17
      local.get 17
      local.set 224
      local.get 224
      f32x4.splat
      local.set 225
      local.get 8
      i32.const 8
      i32.mul
      local.set 226
      i32.const 0
      local.set 9
      block
        loop
          local.get 9
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 226
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 226
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 225
          f32x4.mul
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          local.get 0
          local.get 226
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 226
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 225
          f32x4.mul
          v128.store
          local.get 9
          i32.const 4
          i32.sub
          local.set 9
          local.get 9
          i32.const 8
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 226
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 226
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 225
          f32x4.mul
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 8
          i32.const 8
          i32.mul
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 8
          i32.const 8
          i32.mul
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.load
          local.get 224
          f32.mul
          f32.store
          local.get 9
          i32.const 1
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 206
      local.set 10
      block
        loop
          local.get 10
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 137
          local.set 13
          f32.const 0
          local.set 227
          local.get 136
          i32.const 8
          i32.mul
          local.set 228
          local.get 10
          i32.const 8
          i32.mul
          local.set 229
          i32.const 0
          local.set 11
          block
            loop
              local.get 11
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 227
              local.get 1
              local.get 136
              i32.const 8
              i32.mul
              local.get 11
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 2
              local.get 10
              i32.const 8
              i32.mul
              local.get 11
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              local.set 227
              local.get 11
              i32.const 1
              i32.add
              local.set 11
              br 0
            end
          end
          local.get 227
          local.get 4
          f32.mul
          local.set 12
          local.get 13
          local.get 12
          f32.max
          local.set 14
          f32.const 0
          i32.reinterpret_f32
          f32.const 89
          i32.reinterpret_f32
          f32.const -104
          i32.reinterpret_f32
          local.get 12
          local.get 14
          f32.sub
          local.tee 230
          i32.reinterpret_f32
          local.get 230
          f32.const -104
          f32.lt
          select
          f32.reinterpret_i32
          local.tee 231
          i32.reinterpret_f32
          f32.const 89
          local.get 231
          f32.lt
          select
          f32.reinterpret_i32
          local.tee 232
          local.get 232
          f32.const 1.4426950408889634
          f32.mul
          f32.nearest
          local.tee 233
          f32.const 0.693359375
          f32.mul
          f32.sub
          local.get 233
          f32.const -0.00021219444
          f32.mul
          f32.sub
          local.tee 234
          local.get 234
          f32.mul
          f32.const 0.000198756915
          local.get 234
          f32.mul
          f32.const 0.0013981999507
          f32.add
          local.get 234
          f32.mul
          f32.const 0.0083334519073
          f32.add
          local.get 234
          f32.mul
          f32.const 0.041665795894
          f32.add
          local.get 234
          f32.mul
          f32.const 0.16666665459
          f32.add
          local.get 234
          f32.mul
          f32.const 0.50000001201
          f32.add
          f32.mul
          local.get 234
          f32.add
          f32.const 1
          f32.add
          local.get 233
          f32.const 12582912
          f32.add
          i32.reinterpret_f32
          i32.const 1262485504
          i32.sub
          local.tee 235
          i32.const 1
          i32.shr_s
          local.tee 236
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 235
          local.get 236
          i32.sub
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          i32.reinterpret_f32
          local.get 12
          f32.const -Infinity
          f32.eq
          select
          f32.reinterpret_i32
          local.set 15
          f32.const 1
          local.set 237
          local.get 13
          local.get 14
          f32.ne
          if (result f32)
            local.get 13
            local.get 14
            call $rare0
          else
            local.get 237
          end
          local.set 16
          local.get 138
          local.get 16
          f32.mul
          local.get 15
          f32.add
          local.set 138
          local.get 14
          local.set 137
          local.get 16
          local.set 238
          local.get 238
          f32x4.splat
          local.set 239
          local.get 15
          local.set 240
          local.get 240
          f32x4.splat
          local.set 241
          local.get 10
          i32.const 8
          i32.mul
          local.set 242
          local.get 136
          i32.const 8
          i32.mul
          local.set 243
          i32.const 0
          local.set 9
          block
            loop
              local.get 9
              i32.const 7
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 243
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 243
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 239
              f32x4.mul
              local.get 241
              local.get 3
              local.get 242
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              local.get 0
              local.get 243
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 243
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 239
              f32x4.mul
              local.get 241
              local.get 3
              local.get 242
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 9
              i32.const 4
              i32.sub
              local.set 9
              local.get 9
              i32.const 8
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 3
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 243
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 243
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 239
              f32x4.mul
              local.get 241
              local.get 3
              local.get 242
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 136
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 136
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 238
              f32.mul
              local.get 240
              local.get 3
              local.get 10
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              f32.store
              local.get 9
              i32.const 1
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 10
          i32.const 1
          i32.add
          local.set 10
          br 0
        end
      end
      f32.const 1
      local.get 138
      f32.div
      local.set 17
      local.get 17
      local.set 244
      local.get 244
      f32x4.splat
      local.set 245
      local.get 136
      i32.const 8
      i32.mul
      local.set 246
      i32.const 0
      local.set 9
      block
        loop
          local.get 9
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 246
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 246
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 245
          f32x4.mul
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          local.get 0
          local.get 246
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 246
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 245
          f32x4.mul
          v128.store
          local.get 9
          i32.const 4
          i32.sub
          local.set 9
          local.get 9
          i32.const 8
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 246
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 246
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 245
          f32x4.mul
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 136
          i32.const 8
          i32.mul
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 136
          i32.const 8
          i32.mul
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.load
          local.get 244
          f32.mul
          f32.store
          local.get 9
          i32.const 1
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 8
      i32.const 2
      i32.add
      local.set 8
      br 0
    end
  end
  local.get 8
  local.set 8
  block
    loop
      local.get 8
      local.get 7
      i32.ge_s
      br_if 1
      local.get 8
      i32.const 8
      i32.mul
      local.set 249
      i32.const 0
      local.set 9
      block
        loop
          local.get 9
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 249
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          local.get 0
          local.get 249
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 9
          i32.const 4
          i32.sub
          local.set 9
          local.get 9
          i32.const 8
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 249
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.const f32x4 0 0 0 0
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 8
          i32.const 8
          i32.mul
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.const 0
          f32.store
          local.get 9
          i32.const 1
          i32.add
          local.set 9
          br 0
        end
      end
      f32.const -Infinity
      local.set 247
      f32.const 0
      local.set 248
      local.get 1
      local.get 8
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 250
      local.get 0
      local.get 8
      i32.const 8
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.set 251
      i32.const 0
      local.set 10
      block
        loop
          local.get 10
          i32.const 3
          i32.add
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 2
          local.get 10
          i32.const 8
          i32.mul
          i32.const 2
          i32.shl
          i32.add
          local.set 256
          local.get 3
          local.get 10
          i32.const 8
          i32.mul
          i32.const 2
          i32.shl
          i32.add
          local.set 260
          local.get 256
          i32.const 32
          i32.add
          local.set 257
          local.get 260
          i32.const 32
          i32.add
          local.set 261
          local.get 256
          i32.const 64
          i32.add
          local.set 258
          local.get 260
          i32.const 64
          i32.add
          local.set 262
          local.get 256
          i32.const 96
          i32.add
          local.set 259
          local.get 260
          i32.const 96
          i32.add
          local.set 263
          v128.const f32x4 0 0 0 0
          local.set 264
          v128.const f32x4 0 0 0 0
          local.set 265
          v128.const f32x4 0 0 0 0
          local.set 266
          v128.const f32x4 0 0 0 0
          local.set 267
          i32.const 0
          local.set 278
          block
            loop
              local.get 278
              i32.const 15
              i32.add
              i32.const 32
              i32.ge_s
              br_if 1
              local.get 250
              local.get 278
              i32.add
              v128.load
              local.set 268
              local.get 256
              local.get 278
              i32.add
              v128.load
              local.set 269
              local.get 264
              local.get 268
              local.get 269
              f32x4.mul
              f32x4.add
              local.set 264
              local.get 257
              local.get 278
              i32.add
              v128.load
              local.set 269
              local.get 265
              local.get 268
              local.get 269
              f32x4.mul
              f32x4.add
              local.set 265
              local.get 258
              local.get 278
              i32.add
              v128.load
              local.set 269
              local.get 266
              local.get 268
              local.get 269
              f32x4.mul
              f32x4.add
              local.set 266
              local.get 259
              local.get 278
              i32.add
              v128.load
              local.set 269
              local.get 267
              local.get 268
              local.get 269
              f32x4.mul
              f32x4.add
              local.set 267
              local.get 278
              i32.const 16
              i32.add
              local.set 278
              br 0
            end
          end
          local.get 264
          local.get 265
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 264
          local.get 265
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 281
          local.get 266
          local.get 267
          i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23
          local.get 266
          local.get 267
          i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31
          f32x4.add
          local.set 282
          local.get 281
          local.get 282
          i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23
          local.get 281
          local.get 282
          i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31
          f32x4.add
          local.set 270
          local.get 270
          local.get 4
          f32x4.splat
          f32x4.mul
          local.set 270
          local.get 270
          f32x4.extract_lane 0
          local.get 270
          f32x4.extract_lane 1
          f32.max
          local.get 270
          f32x4.extract_lane 2
          local.get 270
          f32x4.extract_lane 3
          f32.max
          f32.max
          local.set 277
          local.get 247
          local.set 13
          local.get 13
          local.get 277
          f32.max
          local.set 14
          f32.const 1
          local.set 283
          local.get 13
          local.get 14
          f32.ne
          if (result f32)
            local.get 13
            local.get 14
            call $rare0
          else
            local.get 283
          end
          local.set 16
          v128.const f32x4 0 0 0 0
          local.get 270
          local.get 14
          f32x4.splat
          f32x4.sub
          local.tee 284
          v128.const f32x4 -104 -104 -104 -104
          f32x4.pmax
          local.tee 285
          v128.const f32x4 89 89 89 89
          f32x4.pmin
          local.tee 286
          local.get 286
          v128.const f32x4 1.4426950408889634 1.4426950408889634 1.4426950408889634 1.4426950408889634
          f32x4.mul
          f32x4.nearest
          local.tee 287
          v128.const f32x4 0.693359375 0.693359375 0.693359375 0.693359375
          f32x4.mul
          f32x4.sub
          local.get 287
          v128.const f32x4 -0.00021219444 -0.00021219444 -0.00021219444 -0.00021219444
          f32x4.mul
          f32x4.sub
          local.tee 288
          local.get 288
          f32x4.mul
          v128.const f32x4 0.000198756915 0.000198756915 0.000198756915 0.000198756915
          local.get 288
          f32x4.mul
          v128.const f32x4 0.0013981999507 0.0013981999507 0.0013981999507 0.0013981999507
          f32x4.add
          local.get 288
          f32x4.mul
          v128.const f32x4 0.0083334519073 0.0083334519073 0.0083334519073 0.0083334519073
          f32x4.add
          local.get 288
          f32x4.mul
          v128.const f32x4 0.041665795894 0.041665795894 0.041665795894 0.041665795894
          f32x4.add
          local.get 288
          f32x4.mul
          v128.const f32x4 0.16666665459 0.16666665459 0.16666665459 0.16666665459
          f32x4.add
          local.get 288
          f32x4.mul
          v128.const f32x4 0.50000001201 0.50000001201 0.50000001201 0.50000001201
          f32x4.add
          f32x4.mul
          local.get 288
          f32x4.add
          v128.const f32x4 1 1 1 1
          f32x4.add
          local.get 287
          v128.const f32x4 12582912 12582912 12582912 12582912
          f32x4.add
          v128.const i32x4 1262485504 1262485504 1262485504 1262485504
          i32x4.sub
          local.tee 289
          i32.const 1
          i32x4.shr_s
          local.tee 290
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 289
          local.get 290
          i32x4.sub
          v128.const i32x4 127 127 127 127
          i32x4.add
          i32.const 23
          i32x4.shl
          f32x4.mul
          local.get 270
          v128.const f32x4 -Infinity -Infinity -Infinity -Infinity
          f32x4.eq
          v128.bitselect
          local.set 271
          local.get 271
          f32x4.extract_lane 0
          local.get 271
          f32x4.extract_lane 1
          f32.add
          local.get 271
          f32x4.extract_lane 2
          f32.add
          local.get 271
          f32x4.extract_lane 3
          f32.add
          local.set 280
          local.get 248
          local.get 16
          f32.mul
          local.get 280
          f32.add
          local.set 248
          local.get 14
          local.set 247
          local.get 16
          f32x4.splat
          local.set 272
          local.get 271
          f32x4.extract_lane 0
          f32x4.splat
          local.set 273
          local.get 271
          f32x4.extract_lane 1
          f32x4.splat
          local.set 274
          local.get 271
          f32x4.extract_lane 2
          f32x4.splat
          local.set 275
          local.get 271
          f32x4.extract_lane 3
          f32x4.splat
          local.set 276
          local.get 271
          v128.any_true
          if
            i32.const 0
            local.set 279
            block
              loop
                local.get 279
                i32.const 15
                i32.add
                i32.const 32
                i32.ge_s
                br_if 1
                local.get 251
                local.get 279
                i32.add
                v128.load
                local.get 272
                f32x4.mul
                local.set 268
                local.get 260
                local.get 279
                i32.add
                v128.load
                local.set 269
                local.get 268
                local.get 273
                local.get 269
                f32x4.mul
                f32x4.add
                local.set 268
                local.get 261
                local.get 279
                i32.add
                v128.load
                local.set 269
                local.get 268
                local.get 274
                local.get 269
                f32x4.mul
                f32x4.add
                local.set 268
                local.get 262
                local.get 279
                i32.add
                v128.load
                local.set 269
                local.get 268
                local.get 275
                local.get 269
                f32x4.mul
                f32x4.add
                local.set 268
                local.get 263
                local.get 279
                i32.add
                v128.load
                local.set 269
                local.get 268
                local.get 276
                local.get 269
                f32x4.mul
                f32x4.add
                local.set 268
                local.get 251
                local.get 279
                i32.add
                local.get 268
                v128.store
                local.get 279
                i32.const 16
                i32.add
                local.set 279
                br 0
              end
            end
          end
          local.get 10
          i32.const 4
          i32.add
          local.set 10
          br 0
        end
      end
      local.get 10
      local.set 291
      local.get 291
      local.set 10
      block
        loop
          local.get 10
          i32.const 9
          i32.ge_s
          br_if 1
          local.get 247
          local.set 13
          f32.const 0
          local.set 292
          local.get 8
          i32.const 8
          i32.mul
          local.set 293
          local.get 10
          i32.const 8
          i32.mul
          local.set 294
          i32.const 0
          local.set 11
          block
            loop
              local.get 11
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 292
              local.get 1
              local.get 8
              i32.const 8
              i32.mul
              local.get 11
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 2
              local.get 10
              i32.const 8
              i32.mul
              local.get 11
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              local.set 292
              local.get 11
              i32.const 1
              i32.add
              local.set 11
              br 0
            end
          end
          local.get 292
          local.get 4
          f32.mul
          local.set 12
          local.get 13
          local.get 12
          f32.max
          local.set 14
          f32.const 0
          i32.reinterpret_f32
          f32.const 89
          i32.reinterpret_f32
          f32.const -104
          i32.reinterpret_f32
          local.get 12
          local.get 14
          f32.sub
          local.tee 295
          i32.reinterpret_f32
          local.get 295
          f32.const -104
          f32.lt
          select
          f32.reinterpret_i32
          local.tee 296
          i32.reinterpret_f32
          f32.const 89
          local.get 296
          f32.lt
          select
          f32.reinterpret_i32
          local.tee 297
          local.get 297
          f32.const 1.4426950408889634
          f32.mul
          f32.nearest
          local.tee 298
          f32.const 0.693359375
          f32.mul
          f32.sub
          local.get 298
          f32.const -0.00021219444
          f32.mul
          f32.sub
          local.tee 299
          local.get 299
          f32.mul
          f32.const 0.000198756915
          local.get 299
          f32.mul
          f32.const 0.0013981999507
          f32.add
          local.get 299
          f32.mul
          f32.const 0.0083334519073
          f32.add
          local.get 299
          f32.mul
          f32.const 0.041665795894
          f32.add
          local.get 299
          f32.mul
          f32.const 0.16666665459
          f32.add
          local.get 299
          f32.mul
          f32.const 0.50000001201
          f32.add
          f32.mul
          local.get 299
          f32.add
          f32.const 1
          f32.add
          local.get 298
          f32.const 12582912
          f32.add
          i32.reinterpret_f32
          i32.const 1262485504
          i32.sub
          local.tee 300
          i32.const 1
          i32.shr_s
          local.tee 301
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          local.get 300
          local.get 301
          i32.sub
          i32.const 127
          i32.add
          i32.const 23
          i32.shl
          f32.reinterpret_i32
          f32.mul
          i32.reinterpret_f32
          local.get 12
          f32.const -Infinity
          f32.eq
          select
          f32.reinterpret_i32
          local.set 15
          f32.const 1
          local.set 302
          local.get 13
          local.get 14
          f32.ne
          if (result f32)
            local.get 13
            local.get 14
            call $rare0
          else
            local.get 302
          end
          local.set 16
          local.get 248
          local.get 16
          f32.mul
          local.get 15
          f32.add
          local.set 248
          local.get 14
          local.set 247
          local.get 16
          local.set 303
          local.get 303
          f32x4.splat
          local.set 304
          local.get 15
          local.set 305
          local.get 305
          f32x4.splat
          local.set 306
          local.get 10
          i32.const 8
          i32.mul
          local.set 307
          local.get 8
          i32.const 8
          i32.mul
          local.set 308
          i32.const 0
          local.set 9
          block
            loop
              local.get 9
              i32.const 7
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 308
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 308
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 304
              f32x4.mul
              local.get 306
              local.get 3
              local.get 307
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              local.get 0
              local.get 308
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 308
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 304
              f32x4.mul
              local.get 306
              local.get 3
              local.get 307
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 9
              i32.const 4
              i32.sub
              local.set 9
              local.get 9
              i32.const 8
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 3
              i32.add
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 308
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 308
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              local.get 304
              f32x4.mul
              local.get 306
              local.get 3
              local.get 307
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              v128.load
              f32x4.mul
              f32x4.add
              v128.store
              local.get 9
              i32.const 4
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 9
          local.set 9
          block
            loop
              local.get 9
              i32.const 8
              i32.ge_s
              br_if 1
              local.get 0
              local.get 8
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              local.get 0
              local.get 8
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              local.get 303
              f32.mul
              local.get 305
              local.get 3
              local.get 10
              i32.const 8
              i32.mul
              local.get 9
              i32.add
              i32.const 2
              i32.shl
              i32.add
              f32.load
              f32.mul
              f32.add
              f32.store
              local.get 9
              i32.const 1
              i32.add
              local.set 9
              br 0
            end
          end
          local.get 10
          i32.const 1
          i32.add
          local.set 10
          br 0
        end
      end
      f32.const 1
      local.get 248
      f32.div
      local.set 17
      local.get 17
      local.set 309
      local.get 309
      f32x4.splat
      local.set 310
      local.get 8
      i32.const 8
      i32.mul
      local.set 311
      i32.const 0
      local.set 9
      block
        loop
          local.get 9
          i32.const 7
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 311
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 311
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 310
          f32x4.mul
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          local.get 0
          local.get 311
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 311
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 310
          f32x4.mul
          v128.store
          local.get 9
          i32.const 4
          i32.sub
          local.set 9
          local.get 9
          i32.const 8
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 3
          i32.add
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 311
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 311
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          v128.load
          local.get 310
          f32x4.mul
          v128.store
          local.get 9
          i32.const 4
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 9
      local.set 9
      block
        loop
          local.get 9
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 0
          local.get 8
          i32.const 8
          i32.mul
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          local.get 0
          local.get 8
          i32.const 8
          i32.mul
          local.get 9
          i32.add
          i32.const 2
          i32.shl
          i32.add
          f32.load
          local.get 309
          f32.mul
          f32.store
          local.get 9
          i32.const 1
          i32.add
          local.set 9
          br 0
        end
      end
      local.get 8
      i32.const 1
      i32.add
      local.set 8
      br 0
    end
  end
)

(func $flashScores (param $0 i32) (param $1 i32) (param $2 i32)
  (local $3 v128) (local $4 v128) (local $5 v128) (local $6 v128) (local $7 v128) (local $8 v128) (local $9 v128) (local $10 v128) (local $11 v128) (local $12 v128) (local $13 v128) (local $14 i32) (local $15 i32) (local $16 i32) (local $17 i32)
  i32.const 0
  local.set 15
  block
    loop
      local.get 15
      i32.const 4
      i32.ge_s
      br_if 1
      v128.const f32x4 0 0 0 0
      local.set 3
      v128.const f32x4 0 0 0 0
      local.set 4
      v128.const f32x4 0 0 0 0
      local.set 5
      v128.const f32x4 0 0 0 0
      local.set 6
      v128.const f32x4 0 0 0 0
      local.set 7
      v128.const f32x4 0 0 0 0
      local.set 8
      v128.const f32x4 0 0 0 0
      local.set 9
      v128.const f32x4 0 0 0 0
      local.set 10
      local.get 0
      local.set 16
      local.get 15
      i32.const 128
      i32.mul
      local.get 1
      i32.add
      local.set 17
      i32.const 0
      local.set 14
      block
        loop
          local.get 14
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 16
          v128.load
          local.set 11
          local.get 16
          v128.load offset=16
          local.set 12
          local.get 17
          v128.load32_splat
          local.set 13
          local.get 3
          local.get 11
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 3
          local.get 7
          local.get 12
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 7
          local.get 17
          v128.load32_splat offset=32
          local.set 13
          local.get 4
          local.get 11
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 4
          local.get 8
          local.get 12
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 8
          local.get 17
          v128.load32_splat offset=64
          local.set 13
          local.get 5
          local.get 11
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 5
          local.get 9
          local.get 12
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 9
          local.get 17
          v128.load32_splat offset=96
          local.set 13
          local.get 6
          local.get 11
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 6
          local.get 10
          local.get 12
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 10
          local.get 16
          i32.const 64
          i32.add
          local.set 16
          local.get 17
          i32.const 4
          i32.add
          local.set 17
          local.get 14
          i32.const 1
          i32.add
          local.set 14
          br 0
        end
      end
      local.get 15
      i32.const 256
      i32.mul
      local.get 2
      i32.add
      local.set 17
      local.get 17
      local.get 3
      v128.store
      local.get 17
      local.get 7
      v128.store offset=16
      local.get 17
      local.get 4
      v128.store offset=64
      local.get 17
      local.get 8
      v128.store offset=80
      local.get 17
      local.get 5
      v128.store offset=128
      local.get 17
      local.get 9
      v128.store offset=144
      local.get 17
      local.get 6
      v128.store offset=192
      local.get 17
      local.get 10
      v128.store offset=208
      v128.const f32x4 0 0 0 0
      local.set 3
      v128.const f32x4 0 0 0 0
      local.set 4
      v128.const f32x4 0 0 0 0
      local.set 5
      v128.const f32x4 0 0 0 0
      local.set 6
      v128.const f32x4 0 0 0 0
      local.set 7
      v128.const f32x4 0 0 0 0
      local.set 8
      v128.const f32x4 0 0 0 0
      local.set 9
      v128.const f32x4 0 0 0 0
      local.set 10
      local.get 0
      local.set 16
      local.get 15
      i32.const 128
      i32.mul
      local.get 1
      i32.add
      local.set 17
      i32.const 0
      local.set 14
      block
        loop
          local.get 14
          i32.const 8
          i32.ge_s
          br_if 1
          local.get 16
          v128.load offset=32
          local.set 11
          local.get 16
          v128.load offset=48
          local.set 12
          local.get 17
          v128.load32_splat
          local.set 13
          local.get 3
          local.get 11
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 3
          local.get 7
          local.get 12
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 7
          local.get 17
          v128.load32_splat offset=32
          local.set 13
          local.get 4
          local.get 11
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 4
          local.get 8
          local.get 12
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 8
          local.get 17
          v128.load32_splat offset=64
          local.set 13
          local.get 5
          local.get 11
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 5
          local.get 9
          local.get 12
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 9
          local.get 17
          v128.load32_splat offset=96
          local.set 13
          local.get 6
          local.get 11
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 6
          local.get 10
          local.get 12
          local.get 13
          f32x4.mul
          f32x4.add
          local.set 10
          local.get 16
          i32.const 64
          i32.add
          local.set 16
          local.get 17
          i32.const 4
          i32.add
          local.set 17
          local.get 14
          i32.const 1
          i32.add
          local.set 14
          br 0
        end
      end
      local.get 15
      i32.const 256
      i32.mul
      local.get 2
      i32.add
      local.set 17
      local.get 17
      local.get 3
      v128.store offset=32
      local.get 17
      local.get 7
      v128.store offset=48
      local.get 17
      local.get 4
      v128.store offset=96
      local.get 17
      local.get 8
      v128.store offset=112
      local.get 17
      local.get 5
      v128.store offset=160
      local.get 17
      local.get 9
      v128.store offset=176
      local.get 17
      local.get 6
      v128.store offset=224
      local.get 17
      local.get 10
      v128.store offset=240
      local.get 15
      i32.const 1
      i32.add
      local.set 15
      br 0
    end
  end
)

(func $flashValues (param $0 i32) (param $1 i32) (param $2 i32) (param $3 i32)
  (local $4 v128) (local $5 v128) (local $6 v128) (local $7 v128) (local $8 v128) (local $9 v128) (local $10 v128) (local $11 v128) (local $12 v128) (local $13 v128) (local $14 v128) (local $15 i32) (local $16 i32) (local $17 i32) (local $18 i32) (local $19 i32)
  i32.const 0
  local.set 19
  block
    loop
      local.get 19
      i32.const 4
      i32.ge_s
      br_if 1
      i32.const 0
      local.set 15
      block
        loop
          local.get 15
          i32.const 32
          i32.ge_s
          br_if 1
          local.get 0
          local.get 15
          i32.add
          v128.load
          local.get 3
          v128.load32_splat
          f32x4.mul
          local.set 4
          local.get 0
          local.get 15
          i32.add
          v128.load offset=16
          local.get 3
          v128.load32_splat
          f32x4.mul
          local.set 5
          local.get 0
          local.get 15
          i32.add
          v128.load offset=32
          local.get 3
          v128.load32_splat offset=4
          f32x4.mul
          local.set 6
          local.get 0
          local.get 15
          i32.add
          v128.load offset=48
          local.get 3
          v128.load32_splat offset=4
          f32x4.mul
          local.set 7
          local.get 0
          local.get 15
          i32.add
          v128.load offset=64
          local.get 3
          v128.load32_splat offset=8
          f32x4.mul
          local.set 8
          local.get 0
          local.get 15
          i32.add
          v128.load offset=80
          local.get 3
          v128.load32_splat offset=8
          f32x4.mul
          local.set 9
          local.get 0
          local.get 15
          i32.add
          v128.load offset=96
          local.get 3
          v128.load32_splat offset=12
          f32x4.mul
          local.set 10
          local.get 0
          local.get 15
          i32.add
          v128.load offset=112
          local.get 3
          v128.load32_splat offset=12
          f32x4.mul
          local.set 11
          local.get 1
          local.get 15
          i32.add
          local.set 17
          local.get 2
          local.set 18
          i32.const 0
          local.set 16
          block
            loop
              local.get 16
              i32.const 16
              i32.ge_s
              br_if 1
              local.get 17
              v128.load
              local.set 12
              local.get 17
              v128.load offset=16
              local.set 13
              local.get 18
              v128.load32_splat
              local.set 14
              local.get 4
              local.get 14
              local.get 12
              f32x4.mul
              f32x4.add
              local.set 4
              local.get 5
              local.get 14
              local.get 13
              f32x4.mul
              f32x4.add
              local.set 5
              local.get 18
              v128.load32_splat offset=4
              local.set 14
              local.get 6
              local.get 14
              local.get 12
              f32x4.mul
              f32x4.add
              local.set 6
              local.get 7
              local.get 14
              local.get 13
              f32x4.mul
              f32x4.add
              local.set 7
              local.get 18
              v128.load32_splat offset=8
              local.set 14
              local.get 8
              local.get 14
              local.get 12
              f32x4.mul
              f32x4.add
              local.set 8
              local.get 9
              local.get 14
              local.get 13
              f32x4.mul
              f32x4.add
              local.set 9
              local.get 18
              v128.load32_splat offset=12
              local.set 14
              local.get 10
              local.get 14
              local.get 12
              f32x4.mul
              f32x4.add
              local.set 10
              local.get 11
              local.get 14
              local.get 13
              f32x4.mul
              f32x4.add
              local.set 11
              local.get 17
              i32.const 32
              i32.add
              local.set 17
              local.get 18
              i32.const 64
              i32.add
              local.set 18
              local.get 16
              i32.const 1
              i32.add
              local.set 16
              br 0
            end
          end
          local.get 0
          local.get 15
          i32.add
          local.get 4
          v128.store
          local.get 0
          local.get 15
          i32.add
          local.get 5
          v128.store offset=16
          local.get 0
          local.get 15
          i32.add
          local.get 6
          v128.store offset=32
          local.get 0
          local.get 15
          i32.add
          local.get 7
          v128.store offset=48
          local.get 0
          local.get 15
          i32.add
          local.get 8
          v128.store offset=64
          local.get 0
          local.get 15
          i32.add
          local.get 9
          v128.store offset=80
          local.get 0
          local.get 15
          i32.add
          local.get 10
          v128.store offset=96
          local.get 0
          local.get 15
          i32.add
          local.get 11
          v128.store offset=112
          local.get 15
          i32.const 32
          i32.add
          local.set 15
          br 0
        end
      end
      local.get 0
      i32.const 128
      i32.add
      local.set 0
      local.get 2
      i32.const 16
      i32.add
      local.set 2
      local.get 3
      i32.const 16
      i32.add
      local.set 3
      local.get 19
      i32.const 1
      i32.add
      local.set 19
      br 0
    end
  end
)

(func $rare0 (param $0 f32) (param $1 f32) (result f32)
  (local $2 f32) (local $3 f32) (local $4 f32) (local $5 f32) (local $6 f32) (local $7 i32) (local $8 i32)
  f32.const 89
  i32.reinterpret_f32
  f32.const -104
  i32.reinterpret_f32
  local.get 0
  local.get 1
  f32.sub
  local.tee 2
  i32.reinterpret_f32
  local.get 2
  f32.const -104
  f32.lt
  select
  f32.reinterpret_i32
  local.tee 3
  i32.reinterpret_f32
  f32.const 89
  local.get 3
  f32.lt
  select
  f32.reinterpret_i32
  local.tee 4
  local.get 4
  f32.const 1.4426950408889634
  f32.mul
  f32.nearest
  local.tee 5
  f32.const 0.693359375
  f32.mul
  f32.sub
  local.get 5
  f32.const -0.00021219444
  f32.mul
  f32.sub
  local.tee 6
  local.get 6
  f32.mul
  f32.const 0.000198756915
  local.get 6
  f32.mul
  f32.const 0.0013981999507
  f32.add
  local.get 6
  f32.mul
  f32.const 0.0083334519073
  f32.add
  local.get 6
  f32.mul
  f32.const 0.041665795894
  f32.add
  local.get 6
  f32.mul
  f32.const 0.16666665459
  f32.add
  local.get 6
  f32.mul
  f32.const 0.50000001201
  f32.add
  f32.mul
  local.get 6
  f32.add
  f32.const 1
  f32.add
  local.get 5
  f32.const 12582912
  f32.add
  i32.reinterpret_f32
  i32.const 1262485504
  i32.sub
  local.tee 7
  i32.const 1
  i32.shr_s
  local.tee 8
  i32.const 127
  i32.add
  i32.const 23
  i32.shl
  f32.reinterpret_i32
  f32.mul
  local.get 7
  local.get 8
  i32.sub
  i32.const 127
  i32.add
  i32.const 23
  i32.shl
  f32.reinterpret_i32
  f32.mul
)